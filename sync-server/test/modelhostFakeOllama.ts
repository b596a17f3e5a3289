import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** How the fake pulls one model: its layers' sizes, and where (if anywhere) it breaks or stalls. */
export interface FakePull {
  /** Bytes of each layer; every layer is announced first, then downloaded in `steps` pieces. */
  layers: number[]
  steps?: number
  /** Milliseconds between lines. */
  delayMs?: number
  /** After this many download lines, send Ollama's `{error}` line and end. */
  failAfter?: number
  /** After this many download lines, hold the stream open until the client closes it. */
  stallAfter?: number
}

/**
 * An Ollama server written for the tests, over real HTTP on 127.0.0.1: `/api/version`, `/api/tags`,
 * `/api/delete` and a streamed `/api/pull` scripted per model (`pulls`). It records the pulls it got
 * and the ones whose client closed the request before the end (`closedPulls`). With `cors` it answers
 * browsers from that origin (Ollama's OLLAMA_ORIGINS); without, a browser's request is refused.
 */
export interface FakeOllama {
  url: string
  port: number
  installed: Set<string>
  pulls: Map<string, FakePull>
  /** Names of every pull request received, in order. */
  pullRequests: string[]
  /** Names of pulls whose request closed before the fake finished it. */
  closedPulls: string[]
  /** The Authorization header of each request, by path (`/api/pull`: 'Bearer k'; absent: ''). */
  authorization: Array<[string, string]>
  /** The Origin header of each request, by path (a browser page's fetch: its origin; a server's: ''). */
  origins: Array<[string, string]>
  /** Origins allowed by CORS ('*' for any); empty: no CORS headers at all. */
  cors: string[]
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function startFakeOllama(options: { cors?: string[] } = {}): Promise<FakeOllama> {
  const server = createServer((request, response) => {
    void handle(request, response).catch(() => response.destroy())
  })

  function corsHeaders(request: IncomingMessage): Record<string, string> {
    const origin = request.headers.origin
    if (!origin || !(fake.cors.includes('*') || fake.cors.includes(origin))) return {}
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': 'content-type, authorization, accept',
    }
  }

  function json(request: IncomingMessage, response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json', ...corsHeaders(request) })
    response.end(JSON.stringify(body))
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let text = ''
    for await (const part of request) text += String(part)
    const body = text === '' ? {} : (JSON.parse(text) as { name?: string; model?: string })
    const path = request.url ?? ''
    fake.authorization.push([path, request.headers.authorization ?? ''])
    fake.origins.push([path, request.headers.origin ?? ''])
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders(request)).end()
    } else if (path === '/api/version') {
      json(request, response, 200, { version: '0.5.7-fake' })
    } else if (path === '/api/tags') {
      json(request, response, 200, {
        models: [...fake.installed].map((name) => ({
          name,
          model: name,
          size: 1234,
          digest: `sha256:${name.length}`,
          modified_at: '2026-01-01T00:00:00Z',
          details: { family: 'fake', parameter_size: '1B' },
        })),
      })
    } else if (path === '/api/delete' && request.method === 'DELETE') {
      const name = body.name ?? body.model ?? ''
      if (!fake.installed.delete(name)) json(request, response, 404, { error: `model '${name}' not found` })
      else json(request, response, 200, {})
    } else if (path === '/api/pull' && request.method === 'POST') {
      await pull(request, response, body.name ?? body.model ?? '')
    } else {
      json(request, response, 404, { error: 'not found' })
    }
  }

  async function pull(request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
    fake.pullRequests.push(name)
    const script = fake.pulls.get(name)
    if (!script) return json(request, response, 404, { error: 'pull model manifest: file does not exist' })
    let closed = false
    response.on('close', () => {
      if (!response.writableFinished) {
        closed = true
        fake.closedPulls.push(name)
      }
    })
    response.writeHead(200, { 'content-type': 'application/x-ndjson', ...corsHeaders(request) })
    const line = async (value: unknown) => {
      if (closed) return
      response.write(`${JSON.stringify(value)}\n`)
      await sleep(script.delayMs ?? 5)
    }
    await line({ status: 'pulling manifest' })
    const steps = script.steps ?? 4
    const digests = script.layers.map((_, index) => `sha256:${String(index).repeat(12)}`)
    for (const [index, total] of script.layers.entries()) {
      await line({
        status: `pulling ${digests[index]!.slice(7, 19)}`,
        digest: digests[index],
        total,
        completed: 0,
      })
    }
    let sent = 0
    for (const [index, total] of script.layers.entries()) {
      for (let step = 1; step <= steps; step++) {
        if (closed) return
        if (script.failAfter !== undefined && sent === script.failAfter) {
          await line({ error: 'max retries exceeded: unexpected EOF' })
          response.end()
          return
        }
        if (script.stallAfter !== undefined && sent === script.stallAfter) return // until the client leaves
        const completed = Math.round((total * step) / steps)
        await line({
          status: `pulling ${digests[index]!.slice(7, 19)}`,
          digest: digests[index],
          total,
          completed,
        })
        sent++
      }
    }
    await line({ status: 'verifying sha256 digest' })
    await line({ status: 'writing manifest' })
    fake.installed.add(name)
    // The last line ends the answer at once: a client stops reading at "success" and may close.
    if (!closed) response.end(`${JSON.stringify({ status: 'success' })}\n`)
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const fake: FakeOllama = {
    url: `http://127.0.0.1:${port}`,
    port,
    installed: new Set(),
    pulls: new Map(),
    pullRequests: [],
    closedPulls: [],
    authorization: [],
    origins: [],
    cors: options.cors ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}
