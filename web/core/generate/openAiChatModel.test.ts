import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { abortAtFirstPiece, collect, failure, fakeModelServer, sleep } from '../testing/node/fakeModelServer'
import { scriptedServer } from '../testing/node/scriptedServer'
import type { ChatModel } from './ChatModel'
import { llmAnswerGenerator } from './llmAnswerGenerator'
import { openAiChatModel, openAiRoot } from './openAiChatModel'

/** The provider, over real HTTP; each test scripts what it answers. */
const fake = fakeModelServer()

function sse(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
}

const delta = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`

/** Streams the tokens one event at a time, with pauses, so they arrive in separate reads. */
async function streamTokens(
  response: ServerResponse,
  tokens: string[],
  end = 'data: [DONE]\n\n',
): Promise<void> {
  sse(response)
  response.write(': keep-alive\n\n')
  for (const token of tokens) {
    response.write(delta(token))
    await sleep(5)
  }
  response.end(end)
}

const messages = [{ role: 'user' as const, content: 'Say hello' }]

describe('openAiChatModel over HTTP', () => {
  it('streams the deltas in order and sends model, messages, stream, options and the API key', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['Hel', 'lo', ', ', 'world', '!'])
    const model = openAiChatModel({ baseUrl: fake.baseUrl, model: 'gpt-test', apiKey: 'sk-secret' })
    expect(model.id).toBe('openai:gpt-test')
    const pieces = await collect(model.stream({ messages, temperature: 0.1, maxTokens: 50 }))
    expect(pieces).toEqual(['Hel', 'lo', ', ', 'world', '!'])
    expect(fake.received).toEqual([
      {
        method: 'POST',
        url: '/v1/chat/completions',
        authorization: 'Bearer sk-secret',
        body: { model: 'gpt-test', messages, stream: true, temperature: 0.1, max_tokens: 50 },
      },
    ])
  })

  it('accepts the base URL with or without /v1, and never doubles it', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['ok'])
    for (const url of [fake.baseUrl, `${fake.baseUrl}/`, `${fake.baseUrl}/v1`, `${fake.baseUrl}/v1/`]) {
      expect(await collect(openAiChatModel({ baseUrl: url, model: 'm' }).stream({ messages }))).toEqual([
        'ok',
      ])
    }
    expect(fake.received.map((request) => request.url)).toEqual(Array(4).fill('/v1/chat/completions'))
    expect(fake.received[0]!.authorization).toBeUndefined()
    expect(openAiRoot('https://generativelanguage.googleapis.com/v1beta/openai/')).toBe(
      'https://generativelanguage.googleapis.com/v1beta/openai',
    )
  })

  it('lists the models (GET /v1/models) for "test connection"', async () => {
    fake.respond = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ object: 'list', data: [{ id: 'gpt-a', object: 'model' }, { id: 'gpt-b' }] }),
      )
    }
    expect(
      await openAiChatModel({ baseUrl: `${fake.baseUrl}/v1`, model: 'x', apiKey: 'k' }).listModels(),
    ).toEqual(['gpt-a', 'gpt-b'])
    expect(fake.received[0]).toMatchObject({ method: 'GET', url: '/v1/models', authorization: 'Bearer k' })
  })

  it('says what the server said on 401 and 500, with the status', async () => {
    fake.respond = (_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          error: { message: 'Incorrect API key provided: sk-wrong.', type: 'invalid_request_error' },
        }),
      )
    }
    const model = openAiChatModel({ baseUrl: fake.baseUrl, model: 'm', apiKey: 'sk-wrong' })
    const unauthorised = await failure(collect(model.stream({ messages })))
    expect(unauthorised.status).toBe(401)
    expect(unauthorised.message).toBe(
      // The key the server echoed is cut out (withKeyRedacted): error details reach the chat.
      `The OpenAI-compatible server at ${fake.baseUrl} answered 401: Incorrect API key provided: [API key]. Check the API key.`,
    )
    expect((await failure(model.listModels())).status).toBe(401)

    // A page (a proxy's, an intranet's) is never quoted: it may hold what the person could not read.
    fake.respond = (_request, response) => {
      response.writeHead(500, 'Internal Server Error', { 'content-type': 'text/html' })
      response.end('<html><body><h1>Internal Server Error</h1><p>db password hunter2</p></body></html>')
    }
    const broken = await failure(collect(model.stream({ messages })))
    expect(broken.status).toBe(500)
    expect(broken.message).toBe(
      `The OpenAI-compatible server at ${fake.baseUrl} answered 500 with no error message Quire can read (the answer itself is not shown).`,
    )
    expect(broken.message).not.toContain('hunter2')
  })

  it('never quotes an answer that is not its JSON error, and clips the one it quotes', async () => {
    const answers: Array<[string, string]> = [
      ['text/plain', 'secret text from an intranet'],
      ['application/json', '"secret text from an intranet"'],
      ['application/json', '["secret text from an intranet"]'],
      ['application/json', JSON.stringify({ notes: 'secret text from an intranet' })],
    ]
    const model = openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' })
    for (const [type, body] of answers) {
      fake.respond = (_request, response) => {
        response.writeHead(502, { 'content-type': type })
        response.end(body)
      }
      const error = await failure(model.listModels())
      expect(error.message).not.toContain('secret')
      expect(error.message).toContain('answered 502 with no error message')
    }
    fake.respond = (_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { message: `bad\nrequest ${'x'.repeat(500)}` } }))
    }
    const long = await failure(model.listModels())
    expect(long.message).toMatch(/answered 400: bad request x{188}…$/)

    fake.respond = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('<html>secret page</html>')
    }
    const notJson = await failure(model.listModels())
    expect(notJson.message).toBe(
      `The OpenAI-compatible server at ${fake.baseUrl} sent an unexpected answer (not JSON); is the base URL right?`,
    )
  })

  it('fails "mid-answer" after yielding what arrived when the server drops the connection', async () => {
    fake.respond = (_request, response) => {
      sse(response)
      response.write(delta('first '))
      response.write(delta('second'))
      setTimeout(() => response.socket?.destroy(), 20)
    }
    const seen: string[] = []
    const error = await failure(
      collect(openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages }), seen),
    )
    expect(seen).toEqual(['first ', 'second'])
    expect(error.message).toMatch(
      new RegExp(`^The OpenAI-compatible server at ${fake.baseUrl} stopped mid-answer \\(`),
    )
    expect(error.status).toBeUndefined()
  })

  it('fails "mid-answer" when the stream ends without [DONE], and reports errors sent inside the stream', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['only part'], '')
    const seen: string[] = []
    const ended = await failure(
      collect(openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages }), seen),
    )
    expect(seen).toEqual(['only part'])
    expect(ended.message).toContain('stopped mid-answer (the stream ended before the answer was complete)')

    fake.respond = (_request, response) =>
      void streamTokens(
        response,
        ['a'],
        `data: ${JSON.stringify({ error: { message: 'CUDA out of memory' } })}\n\n`,
      )
    const reported = await failure(
      collect(openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages })),
    )
    expect(reported.message).toBe(
      `The OpenAI-compatible server at ${fake.baseUrl} reported an error: CUDA out of memory`,
    )
  })

  it('accepts a server that omits [DONE] after a finish_reason, or answers one JSON completion', async () => {
    fake.respond = (_request, response) => void streamTokens(response, ['done'], delta('', 'stop'))
    expect(
      await collect(openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages })),
    ).toEqual(['done'])

    fake.respond = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'whole answer' } }] }))
    }
    expect(
      await collect(openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages })),
    ).toEqual(['whole answer'])
  })

  it('stops reading and closes the connection on abort, throwing the reason', async () => {
    fake.respond = (_request, response) => {
      sse(response)
      response.write(delta('thinking'))
      // ...and never finishes.
    }
    const reason = new Error('stopped by the user')
    expect(
      await abortAtFirstPiece(openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }), messages, reason),
    ).toEqual(['thinking'])
    await fake.closed
  })

  it('closes the connection when the consumer stops early', async () => {
    fake.respond = (_request, response) => {
      sse(response)
      response.write(delta('one'))
      response.write(delta('two'))
    }
    for await (const piece of openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }).stream({ messages })) {
      expect(piece).toBe('one')
      break
    }
    await fake.closed
  })

  it('says it could not reach a server that is not running', async () => {
    // A port that was just free: nothing listens there now.
    const gone = scriptedServer()
    const url = await gone.start()
    await gone.stop()
    const model = openAiChatModel({ baseUrl: url, model: 'm' })
    const error = await failure(collect(model.stream({ messages })))
    expect(error.message).toBe(
      `Could not reach the OpenAI-compatible server at ${url} (connection refused; is it running?).`,
    )
    expect((await failure(model.listModels())).message).toContain('Could not reach')
  })

  it('keeps the [n] citations of the model output when answering through llmAnswerGenerator', async () => {
    // Citations split across deltas, as tokenizers split them.
    fake.respond = (_request, response) =>
      void streamTokens(response, [
        'Packet switching groups data into packets ',
        '[',
        '1',
        ']',
        '. It began in 1969 [2',
        '].',
      ])
    const generator = llmAnswerGenerator(
      openAiChatModel({ baseUrl: fake.baseUrl, model: 'm' }) satisfies ChatModel,
    )
    const source = (number: number, text: string) => ({
      number,
      chunk_id: `c${number}`,
      document_id: 'd',
      filename: 'packets.md',
      page: null,
      heading: null,
      text,
      score: 1,
    })
    const answer = (
      await collect(
        generator.answer({
          question: 'What is packet switching?',
          history: [],
          sources: [
            source(1, 'Packet switching groups data into packets.'),
            source(2, 'ARPANET began in 1969.'),
          ],
        }),
      )
    ).join('')
    expect(answer).toBe('Packet switching groups data into packets [1]. It began in 1969 [2].')
    const sent = (fake.received[0]!.body as { messages: Array<{ role: string; content: string }> }).messages
    expect(sent[0]!.content).toContain('[1] packets.md\nPacket switching groups data into packets.')
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'What is packet switching?' })
  })
})
