// With their extensions: vite.config.ts loads this file, and Vite's native config loader wants them.
import { appContentSecurityPolicy } from '../core/http/appContentSecurityPolicy.ts'
import { frameLoaderHash } from './frameDocument.ts'

/** The app's policy (`appContentSecurityPolicy`) with the frame loader's hash filled in. */
export async function appCsp(delivery: 'header' | 'meta'): Promise<string> {
  return appContentSecurityPolicy(await frameLoaderHash(), delivery)
}
