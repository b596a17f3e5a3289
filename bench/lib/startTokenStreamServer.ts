import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A fake OpenAI-compatible model server that streams a fixed answer, one SSE chunk per token. */
export interface TokenStreamServer {
  /** Base URL, `/v1` included. */
  url: string
  /** The tokens of the answer, in order; their concatenation is the whole answer. */
  tokens: readonly string[]
  close(): Promise<void>
}

/**
 * The edge of the world for the provider benchmark: answers `/v1/chat/completions` (and `/v1/models`)
 * with `count` tokens as fast as it can write them, yielding to the event loop between chunks so each
 * is its own write, as a model's server sends them. No delay between tokens: what the benchmark times
 * beyond this server's own figures is the cost of Quire's path, not a model's speed.
 */
export async function startTokenStreamServer(count: number): Promise<TokenStreamServer> {
  const tokens = Array.from({ length: count }, (_, i) => (i === count - 1 ? 'end.' : `word${i % 97} `))
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? ''
    request.resume()
    request.on('end', () => {
      if (path.endsWith('/models')) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'bench-model', object: 'model' }] }))
        return
      }
      if (!path.endsWith('/chat/completions')) {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      let closed = false
      response.on('close', () => (closed = true))
      let next = 0
      const writeNext = () => {
        if (closed) return
        if (next === tokens.length) {
          response.end('data: [DONE]\n\n')
          return
        }
        const chunk = {
          id: 'bench',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: tokens[next++] } }],
        }
        response.write(`data: ${JSON.stringify(chunk)}\n\n`)
        setImmediate(writeNext)
      }
      writeNext()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    tokens,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
