import type { AddressInfo } from 'node:net'
import Koa from 'koa'
import type { RunningTarget } from './RunningTarget'

/**
 * The baseline: bare Koa answering `{"hello":"world"}` on every request, on a free loopback port. It has the
 * HTTP stack and JSON serialisation of the real server and nothing else, so ratios against it isolate what
 * the app (routing, validation, SQLite) costs.
 */
export async function startKoaHelloWorld(): Promise<RunningTarget> {
  const app = new Koa()
  app.use((ctx) => {
    ctx.body = { hello: 'world' }
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // The load generator has exited by now; anything still open is an idle keep-alive socket.
      server.closeAllConnections()
      await closed
    },
  }
}
