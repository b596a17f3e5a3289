import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { monotonicClock } from '../../web/core/time/Clock'
import type { ServerConfig } from './config'
import { createApp } from './createApp'
import { openSqlStore } from './sql/openSqlStore'

export interface RunningServer {
  url: string
  server: Server
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`), closes the database. */
  close(graceMs?: number): Promise<void>
}

export async function startServer(
  config: ServerConfig,
  log: { line?: (line: string) => void; error?: (error: unknown) => void } = {},
): Promise<RunningServer> {
  const store = await openSqlStore(config.dataDir)
  const app = createApp({
    ports: { store, clock: monotonicClock(), newId: () => crypto.randomUUID() },
    staticDir: config.staticDir,
    logLine: log.line,
    logError: log.error,
  })
  const server = app.listen(config.port, config.host)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  const shownHost =
    config.host === undefined || config.host === '0.0.0.0' || config.host === '::'
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host
  let closing: Promise<void> | undefined
  return {
    url: `http://${shownHost}:${port}`,
    server,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        const timer = setTimeout(() => server.closeAllConnections(), graceMs)
        await closed
        clearTimeout(timer)
        await store.close()
      })()
      return closing
    },
  }
}
