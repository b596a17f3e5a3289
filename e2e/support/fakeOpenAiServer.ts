import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'

export interface FakeOpenAiServer {
  /** The base URL to configure (`.../v1`). */
  url: string
  server: Server
  /** The JSON bodies of the chat completion requests received, in order. */
  requests: Array<Record<string, unknown>>
  /** How many answers the client broke off before they ended. */
  disconnects(): number
  close(): Promise<void>
}

/**
 * An OpenAI-compatible model at the edge of the world: it streams `words` as chat completion deltas,
 * `delayMs` apart, with CORS open so that the app calls it from the browser. It stops writing when
 * the client goes away, and counts that.
 */
export async function startFakeOpenAi(
  words: readonly string[],
  delayMs: number,
  /** What `GET /v1/models` lists (a connection test, the model picker). */
  models: readonly string[] = ['fake-model'],
): Promise<FakeOpenAiServer> {
  const requests: Array<Record<string, unknown>> = []
  let disconnects = 0
  const server = createServer(async (request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', '*')
    if (request.method === 'OPTIONS') return response.writeHead(204).end()
    let body = ''
    for await (const chunk of request) body += String(chunk)
    if (request.url === '/v1/models') {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      return response.end(
        JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model' })) }),
      )
    }
    if (request.url !== '/v1/chat/completions') return response.writeHead(404).end()
    requests.push(JSON.parse(body) as Record<string, unknown>)
    response.writeHead(200, { 'Content-Type': 'text/event-stream' })
    let closed = false
    response.on('close', () => {
      if (!response.writableFinished) {
        closed = true
        disconnects++
      }
    })
    for (const word of words) {
      if (closed) return
      response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: word } }] })}\n\n`)
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    }
    response.end('data: [DONE]\n\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    server,
    requests,
    disconnects: () => disconnects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Chooses the fake model as the app's answer generator (PUT /api/settings from the page). */
export async function useFakeOpenAi(page: Page, url: string, model: string): Promise<void> {
  await page.evaluate(
    ({ url, model }) =>
      fetch('/api/settings', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ generator: { kind: 'openai', base_url: url, model } }),
      }),
    { url, model },
  )
}
