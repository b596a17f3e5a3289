import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake saw: where it went and the Authorization it carried ('' when none). */
export interface SeenRequest {
  path: string
  authorization: string
}

/**
 * An OpenAI-compatible server on 127.0.0.1 (the edge of the world: a model provider), answering on
 * any path that ends like the API's. `answer` streams a short reply and lists models; `echo` refuses
 * with 401 and quotes the Authorization header it got in its JSON error, as some servers and proxies
 * do, so a test can see whether a key would reach the person through an error detail.
 */
export interface FakeOpenAi {
  url: string
  seen: SeenRequest[]
  mode: 'answer' | 'echo'
  /** The Authorization of the last request to a path ending in `suffix` ('' when none; undefined when none came). */
  lastAuthorization(suffix?: string): string | undefined
  close(): Promise<void>
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    url: '',
    seen: [],
    mode: 'answer',
    lastAuthorization: (suffix = '') =>
      fake.seen.filter((r) => r.path.endsWith(suffix)).at(-1)?.authorization,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
  const server: Server = createServer((request, response) => {
    const authorization = request.headers.authorization ?? ''
    const path = (request.url ?? '').split('?')[0] ?? ''
    fake.seen.push({ path, authorization })
    request.resume()
    request.on('end', () => {
      if (fake.mode === 'echo') {
        response.writeHead(401, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { message: `Invalid credentials: ${authorization}` } }))
      } else if (path.endsWith('/chat/completions')) {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'Answered [1].' } }] })}\n\n`)
        response.end('data: [DONE]\n\n')
      } else if (path.endsWith('/models')) {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ data: [{ id: 'op-model' }, { id: 'own-model' }] }))
      } else {
        response.writeHead(404).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
