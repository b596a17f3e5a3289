import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { collect, failure, fakeModelServer } from '../testing/node/fakeModelServer'
import { ANTHROPIC_VERSION, anthropicChatModel, anthropicRoot } from './anthropicChatModel'

/** An Anthropic-compatible server over real HTTP; each test scripts what it answers. */
const fake = fakeModelServer()

const KEY = 'sk-ant-test-0123456789'
const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`
const delta = (text: string) =>
  event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } })

function sse(response: ServerResponse, parts: string[]): void {
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  for (const part of parts) response.write(part)
  response.end()
}

describe('anthropicChatModel over HTTP', () => {
  it('streams content_block_delta texts until message_stop, with the key, version, system and max_tokens', async () => {
    let headers: Record<string, unknown> = {}
    fake.respond = (request, response) => {
      headers = request.headers
      sse(response, [
        event('message_start', { message: { id: 'm1' } }),
        event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
        delta('Hel'),
        delta('lo.'),
        event('content_block_stop', { index: 0 }),
        event('message_delta', { delta: { stop_reason: 'end_turn' } }),
        event('message_stop', {}),
      ])
    }
    const model = anthropicChatModel({ baseUrl: `${fake.baseUrl}/v1`, model: 'claude-x', apiKey: KEY })
    const pieces = await collect(
      model.stream({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ],
        temperature: 0.2,
      }),
    )
    expect(pieces).toEqual(['Hel', 'lo.'])
    expect(fake.received[0]?.url).toBe('/v1/messages')
    expect(headers['x-api-key']).toBe(KEY)
    expect(headers['anthropic-version']).toBe(ANTHROPIC_VERSION)
    expect(fake.received[0]?.body).toEqual({
      model: 'claude-x',
      messages: [{ role: 'user', content: 'Hi' }],
      system: 'Be brief.',
      max_tokens: 4096,
      temperature: 0.2,
      stream: true,
    })
  })

  it('a stream that ends without message_stop stopped mid-answer, after the text that came', async () => {
    fake.respond = (_request, response) => sse(response, [delta('Part')])
    const model = anthropicChatModel({ baseUrl: fake.baseUrl, model: 'claude-x', apiKey: KEY })
    const seen: string[] = []
    const error = await failure(collect(model.stream({ messages: [{ role: 'user', content: 'Hi' }] }), seen))
    expect(seen).toEqual(['Part'])
    expect(error.message).toMatch(/stopped mid-answer/)
  })

  it('an error event is the provider’s error; a 401 that echoes the key never shows it', async () => {
    fake.respond = (_request, response) =>
      sse(response, [event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } })])
    const model = anthropicChatModel({ baseUrl: fake.baseUrl, model: 'claude-x', apiKey: KEY })
    expect((await failure(collect(model.stream({ messages: [] })))).message).toMatch(
      /reported an error: Overloaded/,
    )
    fake.respond = (request, response) =>
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ error: { message: `invalid x-api-key ${String(request.headers['x-api-key'])}` } }),
        )
    const error = await failure(model.listModels())
    expect(error.status).toBe(401)
    expect(error.message).toMatch(/answered 401.*Check the API key/)
    expect(error.message).not.toContain(KEY)
  })

  it('lists models from GET /v1/models', async () => {
    fake.respond = (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: [{ id: 'claude-a' }, { id: 'claude-b' }] }))
    const model = anthropicChatModel({ baseUrl: fake.baseUrl, model: '', apiKey: KEY })
    expect(await model.listModels()).toEqual(['claude-a', 'claude-b'])
    expect(fake.received[0]?.url).toBe('/v1/models')
  })

  it('anthropicRoot drops a pasted /v1 or /v1/messages', () => {
    expect(anthropicRoot('https://api.anthropic.com/')).toBe('https://api.anthropic.com')
    expect(anthropicRoot('https://api.anthropic.com/v1/messages')).toBe('https://api.anthropic.com')
  })
})
