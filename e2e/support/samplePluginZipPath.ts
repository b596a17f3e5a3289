import path from 'node:path'
import { samplePluginsDir } from './samplePluginsDir'

/** Where the release archive (`<Slug>-1.0.0.zip`) of the sample plugin `slug` lies, built if stale. */
export async function samplePluginZipPath(slug: string): Promise<string> {
  return path.join(await samplePluginsDir(), `${slug}-1.0.0.zip`)
}
