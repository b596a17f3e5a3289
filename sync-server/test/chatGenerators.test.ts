import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SourceDocument } from '../../web/core/chat/SourceDocument'
import type { ChatMessage } from '../../web/core/store/ChatMessage'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { seedChatSession } from './seedChatSession'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { pollUntil } from './pollUntil'
import { readUntilTokens } from './readUntilTokens'

const NOTES = `# Release history

## Lumen

Lumen is a lightweight text editor for writers, first released in 2019.

## Ferrite

Ferrite is a command-line tool that compresses satellite images for archival storage.
`

/** What the fake model server saw and does. */
interface FakeLlm {
  url: string
  requests: Array<{ path: string; body: Record<string, unknown> }>
  /** Set by the test: how the next answers are sent. */
  mode: 'openai' | 'ollama' | 'break'
  /** Resolves when a client disconnected mid-answer. */
  disconnects: number
  server: Server
}

const ANSWER = ['Lumen ', 'is a ', 'lightweight ', 'text editor ', 'for writers ', '[1].']
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A small OpenAI-compatible and Ollama server that streams a scripted answer, slowly. */
async function startFakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = { url: '', requests: [], mode: 'openai', disconnects: 0, server: undefined as never }
  fake.server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let text = ''
    for await (const part of request) text += String(part)
    fake.requests.push({
      path: request.url ?? '',
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    })
    let closed = false
    response.on('close', () => {
      if (!response.writableFinished) {
        closed = true
        fake.disconnects++
      }
    })
    if (request.url === '/v1/chat/completions') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' })
      for (const [i, piece] of ANSWER.entries()) {
        if (closed) return
        if (fake.mode === 'break' && i === 2) return response.destroy()
        response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`)
        await sleep(60)
      }
      response.end('data: [DONE]\n\n')
    } else if (request.url === '/api/chat') {
      response.writeHead(200, { 'Content-Type': 'application/x-ndjson' })
      for (const piece of ANSWER) {
        if (closed) return
        response.write(`${JSON.stringify({ message: { role: 'assistant', content: piece }, done: false })}\n`)
        await sleep(20)
      }
      response.end(`${JSON.stringify({ message: { role: 'assistant', content: '' }, done: true })}\n`)
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`
  return fake
}

describe('chat with model generators over real HTTP', () => {
  let quire: Awaited<ReturnType<typeof startTestServer>>
  let llm: FakeLlm
  let sessionId: string

  const api = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(`${quire.url}${path}`, {
      method,
      headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const history = async () =>
    (await (await fetch(`${quire.url}/api/chat/messages?session_id=${sessionId}`)).json()) as ChatMessage[]

  beforeAll(async () => {
    llm = await startFakeLlm()
    quire = await startTestServer()
    ;({ sessionId } = await seedChatSession(quire, {
      collection: 'Releases',
      file: 'releases.md',
      text: NOTES,
    }))
  })
  afterAll(async () => {
    await quire?.stop()
    await new Promise((resolve) => llm?.server.close(resolve))
  })

  it('answers through an OpenAI-compatible endpoint, sending numbered sources and keeping citations', async () => {
    llm.mode = 'openai'
    const settings = await api('PUT', '/api/settings', {
      generator: { kind: 'openai', base_url: `${llm.url}/v1`, model: 'fake-model', api_key: 'sk-test' },
    })
    expect(settings.status).toBe(200)
    const reply = await api('POST', '/api/chat/message', { session_id: sessionId, message: 'What is Lumen?' })
    expect(reply.status).toBe(200)
    expect(reply.body.content).toBe(ANSWER.join(''))
    expect((reply.body.metadata as Record<string, unknown>).generator).toBe('openai:fake-model')
    const sent = llm.requests.at(-1)!
    expect(sent.path).toBe('/v1/chat/completions')
    expect(sent.body.stream).toBe(true)
    const prompt = JSON.stringify(sent.body.messages)
    expect(prompt).toContain('[1]')
    expect(prompt).toContain('lightweight text editor')
    expect(prompt).toContain('What is Lumen?')
  })

  // A real PDF is parsed and embedded first: 2 s alone, past the 20 s default when the whole unit run
  // shares 2 cores with other work.
  it(
    'gives the model each passage within its page, where the passage has one',
    { timeout: scaledTimeout(60_000) },
    async () => {
      llm.mode = 'openai'
      await api('PUT', '/api/settings', {
        generator: { kind: 'openai', base_url: `${llm.url}/v1`, model: 'fake-model' },
      })
      const repoRoot = new URL('../../', import.meta.url).pathname
      const paper = await seedChatSession(quire, {
        collection: 'Papers',
        file: 'tracemonkey.pdf',
        text: new Uint8Array(readFileSync(`${corpusDir(process.env, repoRoot)}/pdf/pdfjs__tracemonkey.pdf`)),
        type: 'application/pdf',
      })
      const reply = await api('POST', '/api/chat/message', {
        session_id: paper.sessionId,
        message: 'What is a trace tree?',
      })
      expect(reply.status).toBe(200)
      const [first] = (reply.body.metadata as { source_documents: SourceDocument[] }).source_documents
      const system = String((llm.requests.at(-1)!.body.messages as Array<{ content: string }>)[0]!.content)
      const section = system.slice(system.indexOf('[1] tracemonkey.pdf'), system.indexOf('\n\n[2]'))
      expect(section.startsWith(`[1] tracemonkey.pdf, page ${first!.page}`)).toBe(true)
      // The passage is there, inside more of its page than the passage alone.
      expect(section).toContain(first!.content.slice(0, 200))
      expect(section.length).toBeGreaterThan(first!.content.length + 200)
    },
  )

  it('answers through Ollama', async () => {
    llm.mode = 'ollama'
    await api('PUT', '/api/settings', { generator: { kind: 'ollama', base_url: llm.url, model: 'llama3.2' } })
    const reply = await api('POST', '/api/chat/message', { session_id: sessionId, message: 'What is Lumen?' })
    expect(reply.status).toBe(200)
    expect(reply.body.content).toBe(ANSWER.join(''))
    expect(llm.requests.at(-1)!.path).toBe('/api/chat')
  })

  it('a model that breaks off mid-answer: 502, or an error event, and nothing stored', async () => {
    llm.mode = 'break'
    await api('PUT', '/api/settings', {
      generator: { kind: 'openai', base_url: llm.url, model: 'fake-model' },
    })
    const before = (await history()).length
    const reply = await api('POST', '/api/chat/message', {
      session_id: sessionId,
      message: 'What is Ferrite?',
    })
    expect(reply.status).toBe(502)
    expect(String(reply.body.detail)).toMatch(/mid-answer|stopped|ended/i)
    const streamed = await fetch(`${quire.url}/api/chat/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, message: 'What is Ferrite?' }),
    })
    const text = await streamed.text()
    expect(text).toContain('event: token')
    expect(text.trimEnd().split('\n\n').at(-1)).toMatch(/^event: error\ndata: .*"status":502/)
    expect((await history()).length).toBe(before)
  })

  it('closing the stream stops the model and keeps what was said, marked stopped', async () => {
    llm.mode = 'openai'
    await api('PUT', '/api/settings', {
      generator: { kind: 'openai', base_url: llm.url, model: 'fake-model' },
    })
    const disconnects = llm.disconnects
    const controller = new AbortController()
    const response = await fetch(`${quire.url}/api/chat/stream`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, message: 'What is Lumen?' }),
      signal: controller.signal,
    })
    await readUntilTokens(response, 2)
    controller.abort()
    // The abort travels: Quire's stream is cancelled, the model's request is closed, the partial kept.
    await pollUntil(
      'the partial answer is kept, marked stopped',
      async () => (await history()).at(-1)?.metadata.stopped === true,
      2_500,
      50,
    )
    const last = (await history()).at(-1)!
    expect(last.role).toBe('assistant')
    expect(last.metadata.stopped).toBe(true)
    expect(ANSWER.join('').startsWith(last.content)).toBe(true)
    expect(last.content.length).toBeLessThan(ANSWER.join('').length)
    expect(llm.disconnects).toBeGreaterThan(disconnects)
    await api('PUT', '/api/settings', { generator: { kind: 'extractive' } })
  })
})
