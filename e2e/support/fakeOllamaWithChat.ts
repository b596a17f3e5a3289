import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startFakeOllama, type FakeOllama } from '../../sync-server/test/modelhostFakeOllama'

/** One `/api/chat` request as the fake received it. */
export interface ChatRequest {
  model: string
  messages: Array<{ role: string; content: string }>
  stream?: boolean
}

/**
 * The model host's fake Ollama (`/api/version`, `/api/tags`, a scripted streamed `/api/pull`, CORS
 * for the origins in `cors`) with Ollama's `/api/chat` in front of it: the answer `reply` gives for
 * the request, streamed as NDJSON one word per line, then `{done: true}`. The pull, tags and version
 * are the model host fake's own (forwarded to it), so the installs behave as in modelHost.spec; every
 * chat request is kept in `chats`, so a test can see what the model was told (a persona's prompt, the
 * sources of a document question).
 */
export interface FakeOllamaWithChat {
  url: string
  ollama: FakeOllama
  chats: ChatRequest[]
  close(): Promise<void>
}

export async function startFakeOllamaWithChat(options: {
  cors: string[]
  reply: (request: ChatRequest) => string
  delayMs?: number
  /** Where it listens (Ollama's own 11434, for a test that looks where Ollama usually is); any free port by default. */
  port?: number
}): Promise<FakeOllamaWithChat> {
  const ollama = await startFakeOllama({ cors: options.cors })
  const chats: ChatRequest[] = []

  function corsHeaders(request: IncomingMessage): Record<string, string> {
    const origin = request.headers.origin
    if (!origin || !(ollama.cors.includes('*') || ollama.cors.includes(origin))) return {}
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
      'access-control-allow-headers': 'content-type, authorization, accept',
    }
  }

  async function chat(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders(request)).end()
      return
    }
    let text = ''
    for await (const part of request) text += String(part)
    const body = JSON.parse(text) as ChatRequest
    chats.push(body)
    response.writeHead(200, { 'content-type': 'application/x-ndjson', ...corsHeaders(request) })
    const words = options.reply(body).split(/(?<= )/)
    for (const word of words) {
      if (response.destroyed) return
      response.write(
        `${JSON.stringify({ model: body.model, message: { role: 'assistant', content: word }, done: false })}\n`,
      )
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 30))
    }
    response.end(`${JSON.stringify({ model: body.model, done: true, done_reason: 'stop' })}\n`)
  }

  /** Everything but `/api/chat` goes to the model host's fake as it came, its answer streamed back. */
  function pass(request: IncomingMessage, response: ServerResponse): void {
    const upstream = forward(
      `${ollama.url}${request.url ?? '/'}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => response.destroy())
    // A client that leaves (a cancelled pull) closes the fake's request too, as it would Ollama's.
    response.on('close', () => upstream.destroy())
    request.pipe(upstream)
  }

  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] === '/api/chat') {
      void chat(request, response).catch(() => response.destroy())
    } else {
      pass(request, response)
    }
  })
  await new Promise<void>((resolve, reject) => {
    // A port already taken (a real Ollama running) fails the test that asked for it, with the fake behind closed.
    server.once('error', (error) => void ollama.close().finally(() => reject(error)))
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ollama,
    chats,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await ollama.close()
    },
  }
}
