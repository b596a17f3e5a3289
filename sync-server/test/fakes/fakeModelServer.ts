import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Which wire protocol the fake speaks. */
export type FakeKind = 'openai' | 'ollama' | 'anthropic'

/** One request the fake received: its path, headers and JSON body. */
export interface FakeRequest {
  path: string
  headers: IncomingMessage['headers']
  body: Record<string, unknown> | undefined
}

export interface FakeModelServer {
  url: string
  kind: FakeKind
  received: FakeRequest[]
  /** The answer streamed, piece by piece (default: five pieces). */
  pieces: string[]
  /** Milliseconds between pieces. */
  delayMs: number
  /** Drop the connection after this many pieces (a server that dies mid-answer). */
  dropAfter?: number
  /** Accept requests and never answer them (a server that hangs). */
  silent: boolean
  /** The key requests must carry (Bearer, x-api-key); a wrong one gets a 401 that echoes it. */
  key?: string
  models: string[]
  /** Resolves when a streamed answer's connection closed before the fake finished it (a cancel seen). */
  closedEarly: Promise<void>
  /** Forgets requests and re-arms `closedEarly`. */
  reset(): void
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A model provider at the edge of the world, over real HTTP on 127.0.0.1: an OpenAI-compatible
 * server (`/v1/models`, `/v1/chat/completions` SSE until `[DONE]`), an Ollama server (`/api/tags`,
 * `/api/chat` NDJSON until `done: true`) or an Anthropic-compatible one (`/v1/models`,
 * `/v1/messages` SSE until `message_stop`). It records what it receives, checks the key when it has
 * one (answering 401 with the key it got quoted back, as careless servers do), streams `pieces`
 * slowly, can drop mid-answer, and notices when the client goes away before the end.
 */
export async function startFakeModelServer(kind: FakeKind): Promise<FakeModelServer> {
  let markClosed = () => {}
  const fake: FakeModelServer = {
    url: '',
    kind,
    received: [],
    pieces: ['The ', 'answer ', 'comes ', 'in ', 'pieces.'],
    delayMs: 10,
    silent: false,
    models: [`${kind}-small`, `${kind}-large`],
    closedEarly: Promise.resolve(),
    reset() {
      fake.received = []
      fake.dropAfter = undefined
      fake.delayMs = 10
      fake.pieces = ['The ', 'answer ', 'comes ', 'in ', 'pieces.']
      fake.closedEarly = new Promise((resolve) => (markClosed = resolve))
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  fake.reset()
  const server: Server = createServer((request, response) => {
    let text = ''
    request.setEncoding('utf8')
    request.on('data', (part: string) => (text += part))
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] ?? ''
      fake.received.push({
        path,
        headers: request.headers,
        body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
      })
      void answer(fake, request, response, path).catch(() => response.destroy())
    })
  })
  async function answer(
    f: FakeModelServer,
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
  ) {
    if (f.silent) return
    const sent = kind === 'anthropic' ? request.headers['x-api-key'] : request.headers.authorization
    if (f.key !== undefined && sent !== (kind === 'anthropic' ? f.key : `Bearer ${f.key}`)) {
      response.writeHead(401, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${String(sent)}` } }))
      return
    }
    if (path === '/v1/models' || path === '/api/tags') {
      response.writeHead(200, { 'content-type': 'application/json' })
      const body =
        kind === 'ollama'
          ? { models: f.models.map((name) => ({ name, model: name })) }
          : { data: f.models.map((id) => ({ id, object: 'model' })) }
      response.end(JSON.stringify(body))
      return
    }
    const streamPath = { openai: '/v1/chat/completions', ollama: '/api/chat', anthropic: '/v1/messages' }[
      kind
    ]
    if (path !== streamPath) {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>')
      return
    }
    let finished = false
    response.on('close', () => {
      if (!finished) markClosed()
    })
    response.writeHead(200, {
      'content-type': kind === 'ollama' ? 'application/x-ndjson' : 'text/event-stream',
    })
    for (const [index, piece] of f.pieces.entries()) {
      if (response.destroyed) return
      if (index === f.dropAfter) {
        finished = true
        response.destroy()
        return
      }
      response.write(frame(kind, piece))
      await sleep(f.delayMs)
    }
    finished = true
    response.end(end(kind))
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}

function frame(kind: FakeKind, piece: string): string {
  if (kind === 'openai') return `data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`
  if (kind === 'ollama')
    return `${JSON.stringify({ message: { role: 'assistant', content: piece }, done: false })}\n`
  const data = { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }
  return `event: content_block_delta\ndata: ${JSON.stringify(data)}\n\n`
}

function end(kind: FakeKind): string {
  if (kind === 'openai') return 'data: [DONE]\n\n'
  if (kind === 'ollama')
    return `${JSON.stringify({ message: { role: 'assistant', content: '' }, done: true })}\n`
  return `event: message_stop\ndata: ${JSON.stringify({ type: 'message_stop' })}\n\n`
}
