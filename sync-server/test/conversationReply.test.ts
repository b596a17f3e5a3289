import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { scriptedServer } from '../../web/core/testing/node/scriptedServer'
import { startTestServer } from './startTestServer'
import { pollUntil } from './pollUntil'
import { readUntilTokens } from './readUntilTokens'

const ANSWER = ['Mercury ', 'is the ', 'closest ', 'planet ', 'to the Sun.']
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Json = Record<string, unknown>

/** Streams `pieces` as an OpenAI-compatible SSE completion, slowly; `breakAfter` drops the connection. */
async function streamPieces(response: ServerResponse, pieces: string[], breakAfter?: number) {
  response.writeHead(200, { 'Content-Type': 'text/event-stream' })
  for (const [i, piece] of pieces.entries()) {
    if (response.destroyed) return
    if (i === breakAfter) return void response.destroy()
    response.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`)
    await sleep(40)
  }
  response.end('data: [DONE]\n\n')
}

describe('POST /api/v1/conversations/{id}/reply with an OpenAI-compatible model over real HTTP', () => {
  const llm = scriptedServer()
  let quire: Awaited<ReturnType<typeof startTestServer>>

  const api = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(`${quire.url}${path}`, {
      method,
      headers: json === undefined ? {} : { 'Content-Type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json }
  }
  const messages = async (id: string) =>
    (await api('GET', `/api/v1/conversations/${id}/messages`)).body as unknown as Json[]

  /** A conversation with a persona and one question. */
  async function conversation(question = 'Which planet is closest to the Sun?') {
    const persona = await api('POST', '/api/v1/personas', {
      name: 'Astronomer',
      system_prompt: 'You answer questions about astronomy in one sentence.',
      model_settings: { temperature: 0.1, max_tokens: 40 },
    })
    const created = await api('POST', '/api/v1/conversations', {
      title: 'Space',
      persona_id: persona.body.id,
    })
    const id = String(created.body.id)
    expect(
      (await api('POST', `/api/v1/conversations/${id}/messages`, { sender: 'user', message: question }))
        .status,
    ).toBe(201)
    return id
  }

  beforeAll(async () => {
    const url = await llm.start()
    quire = await startTestServer()
    const settings = await api('PUT', '/api/settings', {
      generator: { kind: 'openai', base_url: `${url}/v1`, model: 'fake-model', api_key: 'sk-test' },
    })
    expect(settings.status).toBe(200)
  })
  beforeEach(() => llm.reset())
  afterAll(async () => {
    await quire?.stop()
    await llm.stop()
  })

  it('sends the persona prompt and the history with the persona’s settings, and stores the answer', async () => {
    llm.respond = (_request, response) => void streamPieces(response, ANSWER)
    const id = await conversation()
    await api('POST', `/api/v1/conversations/${id}/messages`, {
      sender: 'assistant',
      message: 'Ask me anything.',
    })
    await api('POST', `/api/v1/conversations/${id}/messages`, { sender: 'user', message: 'Go on.' })
    const reply = await api('POST', `/api/v1/conversations/${id}/reply`)
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({
      conversation_id: id,
      sender: 'assistant',
      message: ANSWER.join(''),
      message_metadata: { model: 'openai:fake-model' },
    })
    const sent = llm.received.at(-1)!
    expect(sent.url).toBe('/v1/chat/completions')
    expect(sent.authorization).toBe('Bearer sk-test')
    expect(sent.body).toMatchObject({
      model: 'fake-model',
      temperature: 0.1,
      max_tokens: 40,
      messages: [
        { role: 'system', content: 'You answer questions about astronomy in one sentence.' },
        { role: 'user', content: 'Which planet is closest to the Sun?' },
        { role: 'assistant', content: 'Ask me anything.' },
        { role: 'user', content: 'Go on.' },
      ],
    })
    const stored = await messages(id)
    expect(stored.at(-1)).toEqual(reply.body)
    const after = await api('GET', `/api/v1/conversations/${id}`)
    expect(after.body.updated_at).toBe(reply.body.created_at)
  })

  it('streams token events, then done with the stored message', async () => {
    llm.respond = (_request, response) => void streamPieces(response, ANSWER)
    const id = await conversation()
    const response = await fetch(`${quire.url}/api/v1/conversations/${id}/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stream: true }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/event-stream')
    const events = (await response.text())
      .split('\n\n')
      .filter((block) => block.startsWith('event:'))
      .map((block) => {
        const [eventLine, dataLine] = block.split('\n')
        return {
          event: eventLine!.slice('event: '.length),
          data: JSON.parse(dataLine!.slice('data: '.length)) as Json,
        }
      })
    expect(events.filter((e) => e.event === 'token').map((e) => e.data.text)).toEqual(ANSWER)
    const done = events.at(-1)!
    expect(done.event).toBe('done')
    expect((done.data.message as Json).message).toBe(ANSWER.join(''))
    expect((await messages(id)).at(-1)).toEqual(done.data.message)
  })

  it('a model that fails answers 502 (or an error event mid-stream) and stores nothing', async () => {
    llm.respond = (_request, response) =>
      void response
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end('{"error":{"message":"model overloaded"}}')
    const id = await conversation()
    const refused = await api('POST', `/api/v1/conversations/${id}/reply`)
    expect(refused.status).toBe(502)
    expect(String(refused.body.detail)).toContain('model overloaded')

    llm.respond = (_request, response) => void streamPieces(response, ANSWER, 2)
    const streamed = await fetch(`${quire.url}/api/v1/conversations/${id}/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stream: true }),
    })
    const text = await streamed.text()
    expect(text).toContain('event: token')
    expect(text.trimEnd().split('\n\n').at(-1)).toMatch(/^event: error\ndata: .*"status":502/)
    expect((await messages(id)).map((m) => m.sender)).toEqual(['user'])
  })

  it('stopping the stream stops the model and keeps what was said, marked stopped', async () => {
    llm.respond = (_request, response) => void streamPieces(response, ANSWER)
    const id = await conversation()
    const controller = new AbortController()
    const response = await fetch(`${quire.url}/api/v1/conversations/${id}/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stream: true }),
      signal: controller.signal,
    })
    await readUntilTokens(response, 2)
    controller.abort()
    await llm.closed
    let last: Json | undefined
    await pollUntil(
      'the stopped answer is stored',
      async () => (last = (await messages(id)).at(-1))?.sender === 'assistant',
      2_500,
      50,
    )
    expect(last?.message_metadata).toEqual({ model: 'openai:fake-model', stopped: true })
    const said = String(last?.message)
    expect(ANSWER.join('').startsWith(said)).toBe(true)
    expect(said.length).toBeGreaterThan(0)
    expect(said.length).toBeLessThan(ANSWER.join('').length)
  })

  it('a conversation without messages answers 409; an unknown one 404', async () => {
    const created = await api('POST', '/api/v1/conversations', { title: 'Empty' })
    const empty = await api('POST', `/api/v1/conversations/${String(created.body.id)}/reply`)
    expect(empty.status).toBe(409)
    expect(String(empty.body.detail)).toContain('no messages')
    expect(llm.received).toEqual([])
    const unknown = await api('POST', '/api/v1/conversations/3f0c9c1e-5b7a-4d2e-9f43-1a2b3c4d5e6f/reply')
    expect(unknown.status).toBe(404)
  })
})
