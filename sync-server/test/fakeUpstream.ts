import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface UpstreamRequest {
  method: string
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** A server on 127.0.0.1 standing for a provider a person points Quire at: it records what reached it. */
export interface FakeUpstream {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  requests: UpstreamRequest[]
  /** TCP connections accepted, whether or not a request followed. */
  connections: number
  /** How the next requests are answered (settable by the test). */
  handle: (request: UpstreamRequest, response: ServerResponse) => void
  close(): Promise<void>
}

/** Starts a fake upstream; by default it answers 200 `{"ok":true}`. */
export async function startFakeUpstream(
  handle: FakeUpstream['handle'] = (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
  },
): Promise<FakeUpstream> {
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const part of request) body += String(part)
    const seen = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body }
    fake.requests.push(seen)
    fake.handle(seen, response)
  })
  server.on('connection', () => fake.connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const fake: FakeUpstream = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: [],
    connections: 0,
    handle,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
