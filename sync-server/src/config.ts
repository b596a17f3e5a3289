import { resolve } from 'node:path'

export interface ServerConfig {
  port: number
  /** Interface to listen on; absent means every interface, IPv6 and IPv4 alike. */
  host?: string
  dataDir: string
  /** Built PWA to serve at `/`; absent when only the API is wanted (tests, benchmarks). */
  staticDir?: string
}

/** Reads PORT (default 8005), HOST (default all interfaces), DATA_DIR (default ./data) and STATIC_DIR. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = env.PORT === undefined || env.PORT === '' ? 8005 : Number(env.PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got ${JSON.stringify(env.PORT)}`)
  }
  return {
    port,
    host: env.HOST || undefined,
    dataDir: resolve(env.DATA_DIR || './data'),
    staticDir: resolve(env.STATIC_DIR || './dist'),
  }
}
