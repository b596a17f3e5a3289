import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the scripted server received, its body parsed as JSON when it had one. */
export interface ScriptedRequest {
  method: string
  url: string
  authorization: string | undefined
  body: unknown
}

export interface ScriptedServer {
  /** Listens on a free loopback port; resolves with `http://127.0.0.1:<port>`. */
  start(): Promise<string>
  /** Closes every connection and the server. */
  stop(): Promise<void>
  /** Forgets what was received, and re-arms `closed`; call before each test. */
  reset(): void
  /** What each test answers with; set it before the request is made. */
  respond: (request: IncomingMessage, response: ServerResponse) => void
  /** Requests received since the last `reset`, in order. */
  readonly received: ScriptedRequest[]
  /** Resolves when a response of this test closes (finished, or the client went away). */
  readonly closed: Promise<void>
}

/**
 * A small real HTTP server whose answers each test scripts: the stand-in for a model provider
 * (OpenAI-compatible, Ollama) at the edge of the world. Node only: for tests of environment-free code.
 */
export function scriptedServer(): ScriptedServer {
  let server: Server | undefined
  let received: ScriptedRequest[] = []
  let closed = Promise.resolve()
  let markClosed = () => {}
  const fake: ScriptedServer = {
    respond: (_request, response) => response.writeHead(500).end('no answer scripted'),
    get received() {
      return received
    },
    get closed() {
      return closed
    },
    reset() {
      received = []
      closed = new Promise((resolve) => (markClosed = resolve))
    },
    async start() {
      server = createServer((request, response) => {
        let text = ''
        request.setEncoding('utf8')
        request.on('data', (part: string) => (text += part))
        request.on('end', () => {
          received.push({
            method: request.method ?? '',
            url: request.url ?? '',
            authorization: request.headers.authorization,
            body: text === '' ? undefined : JSON.parse(text),
          })
          response.on('close', () => markClosed())
          fake.respond(request, response)
        })
      })
      const listening = server
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
    },
    async stop() {
      const open = server
      if (!open) return
      open.closeAllConnections()
      await new Promise((resolve) => open.close(resolve))
    },
  }
  return fake
}
