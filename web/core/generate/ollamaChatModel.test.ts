import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { abortAtFirstPiece, collect, failure, fakeModelServer, sleep } from '../testing/node/fakeModelServer'
import { scriptedServer } from '../testing/node/scriptedServer'
import { ollamaChatModel, ollamaRoot } from './ollamaChatModel'

/** The provider, over real HTTP; each test scripts what it answers. */
const fake = fakeModelServer()

function ndjson(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'application/x-ndjson' })
}

const line = (content: string) =>
  `${JSON.stringify({ model: 'llama3.2', created_at: '2025-01-01T00:00:00Z', message: { role: 'assistant', content }, done: false })}\n`
const doneLine = `${JSON.stringify({ model: 'llama3.2', message: { role: 'assistant', content: '' }, done: true, done_reason: 'stop' })}\n`

async function streamTokens(response: ServerResponse, tokens: string[], end = doneLine): Promise<void> {
  ndjson(response)
  for (const token of tokens) {
    response.write(line(token))
    await sleep(5)
  }
  response.end(end)
}

const messages = [
  { role: 'system' as const, content: 'Be brief.' },
  { role: 'user' as const, content: 'Say hello' },
]

describe('ollamaChatModel over HTTP', () => {
  it('streams the NDJSON message contents in order and sends model, messages, stream and options', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['Hel', 'lo', ' there', '.'])
    const model = ollamaChatModel({ baseUrl: fake.baseUrl, model: 'llama3.2' })
    expect(model.id).toBe('ollama:llama3.2')
    expect(await collect(model.stream({ messages, temperature: 0, maxTokens: 64 }))).toEqual([
      'Hel',
      'lo',
      ' there',
      '.',
    ])
    expect(fake.received).toEqual([
      {
        method: 'POST',
        url: '/api/chat',
        body: { model: 'llama3.2', messages, stream: true, options: { temperature: 0, num_predict: 64 } },
      },
    ])
  })

  it('accepts a base URL with a trailing slash, /api or /v1', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['ok'])
    for (const url of [`${fake.baseUrl}/`, `${fake.baseUrl}/api`, `${fake.baseUrl}/v1/`]) {
      expect(await collect(ollamaChatModel({ baseUrl: url, model: 'm' }).stream({ messages }))).toEqual([
        'ok',
      ])
    }
    expect(fake.received.map((request) => request.url)).toEqual(Array(3).fill('/api/chat'))
    expect(ollamaRoot('http://gpu-box:11434/api/')).toBe('http://gpu-box:11434')
  })

  it('lists the installed models (GET /api/tags)', async () => {
    fake.respond = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          models: [{ name: 'llama3.2:latest', model: 'llama3.2:latest' }, { name: 'qwen2.5:0.5b' }],
        }),
      )
    }
    expect(await ollamaChatModel({ baseUrl: fake.baseUrl, model: 'x' }).listModels()).toEqual([
      'llama3.2:latest',
      'qwen2.5:0.5b',
    ])
    expect(fake.received[0]).toMatchObject({ method: 'GET', url: '/api/tags' })
  })

  it("reports Ollama's own error message and status: a missing model, a crash", async () => {
    fake.respond = (_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: "model 'foo' not found" }))
    }
    const missing = await failure(
      collect(ollamaChatModel({ baseUrl: fake.baseUrl, model: 'foo' }).stream({ messages })),
    )
    expect(missing.status).toBe(404)
    expect(missing.message).toBe(`Ollama at ${fake.baseUrl} answered 404: model 'foo' not found`)

    fake.respond = (_request, response) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: 'llama runner process has terminated: exit status 2' }))
    }
    const crashed = await failure(
      collect(ollamaChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages })),
    )
    expect(crashed.status).toBe(500)
    expect(crashed.message).toBe(
      `Ollama at ${fake.baseUrl} answered 500: llama runner process has terminated: exit status 2`,
    )

    fake.respond = (_request, response) =>
      void streamTokens(response, ['a'], `${JSON.stringify({ error: 'out of memory' })}\n`)
    const midway = await failure(
      collect(ollamaChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages })),
    )
    expect(midway.message).toBe(`Ollama at ${fake.baseUrl} reported an error: out of memory`)
  })

  it('fails "mid-answer" after yielding what arrived when the server drops the connection', async () => {
    fake.respond = (_request, response) => {
      ndjson(response)
      response.write(line('first '))
      response.write(line('second'))
      setTimeout(() => response.socket?.destroy(), 20)
    }
    const seen: string[] = []
    const error = await failure(
      collect(ollamaChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages }), seen),
    )
    expect(seen).toEqual(['first ', 'second'])
    expect(error.message).toMatch(new RegExp(`^Ollama at ${fake.baseUrl} stopped mid-answer \\(`))
  })

  it('fails "mid-answer" when the stream ends without done: true, and names garbage it cannot read', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['partial'], '')
    const seen: string[] = []
    const ended = await failure(
      collect(ollamaChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages }), seen),
    )
    expect(seen).toEqual(['partial'])
    expect(ended.message).toBe(
      `Ollama at ${fake.baseUrl} stopped mid-answer (the stream ended before the answer was complete).`,
    )

    // What it sent is not quoted: it may be a page the person could not otherwise read.
    fake.respond = (_request, response) =>
      void streamTokens(response, [], '<html>proxy error secret</html>\n')
    const garbage = await failure(
      collect(ollamaChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages })),
    )
    expect(garbage.message).toContain('sent an unexpected answer (a line that is not JSON)')
    expect(garbage.message).not.toContain('secret')
  })

  it('stops reading and closes the connection on abort, throwing the reason', async () => {
    fake.respond = (_request, response) => {
      ndjson(response)
      response.write(line('thinking'))
    }
    const reason = new DOMException('The user stopped the answer', 'AbortError')
    expect(
      await abortAtFirstPiece(ollamaChatModel({ baseUrl: fake.baseUrl, model: 'm' }), messages, reason),
    ).toEqual(['thinking'])
    await fake.closed
  })

  it('throws the reason at once for a signal aborted before the request', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['never'])
    const controller = new AbortController()
    controller.abort(new Error('already stopped'))
    await expect(
      collect(
        ollamaChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({
          messages,
          signal: controller.signal,
        }),
      ),
    ).rejects.toThrow('already stopped')
    expect(fake.received).toEqual([])
  })

  it('says it could not reach Ollama when nothing listens', async () => {
    // A port that was just free: nothing listens there now.
    const gone = scriptedServer()
    const url = await gone.start()
    await gone.stop()
    const error = await failure(ollamaChatModel({ baseUrl: url, model: 'm' }).listModels())
    expect(error.message).toBe(`Could not reach Ollama at ${url} (connection refused; is it running?).`)
    expect(error.status).toBeUndefined()
  })
})
