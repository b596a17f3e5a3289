import { resolve } from 'node:path'

export interface ServerConfig {
  port: number
  host: string
  dataDir: string
  /** Built PWA to serve at `/`; absent when only the API is wanted (tests, benchmarks). */
  staticDir?: string
}

/** Reads PORT (default 8005), HOST (default all interfaces) and DATA_DIR (default ./data). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8005 : Number(env.PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got ${JSON.stringify(env.PORT)}`)
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    staticDir: resolve(env.STATIC_DIR || './dist'),
  }
}
