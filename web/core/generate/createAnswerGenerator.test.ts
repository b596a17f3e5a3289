import { describe, expect, it } from 'vitest'
import type { ChatModel } from './ChatModel'
import { createAnswerGenerator } from './createAnswerGenerator'
import { extractiveGenerator } from './extractiveGenerator'
import { GeneratorError } from './GeneratorError'
import type { GeneratorSettings } from './GeneratorSettings'
import { openAiChatModel } from './openAiChatModel'
import { answerSource } from '../testing/answerSource'

/** A fetch that records the URL and answers one streamed completion in the provider's format. */
function fakeFetch(calls: string[]): typeof fetch {
  return async (input) => {
    const url = String(input)
    calls.push(url)
    const body = url.endsWith('/api/chat')
      ? `${JSON.stringify({ message: { content: 'From Ollama [1].' }, done: false })}\n${JSON.stringify({ done: true })}\n`
      : `data: ${JSON.stringify({ choices: [{ delta: { content: 'From OpenAI [1].' } }] })}\n\ndata: [DONE]\n\n`
    const type = url.endsWith('/api/chat') ? 'application/x-ndjson' : 'text/event-stream'
    return new Response(body, { headers: { 'content-type': type } })
  }
}

const request = {
  question: 'Where from?',
  history: [],
  sources: [answerSource(1, 'Here.', { filename: 'f.md' })],
}

async function text(stream: AsyncIterable<string>): Promise<string> {
  let all = ''
  for await (const piece of stream) all += piece
  return all
}

describe('createAnswerGenerator', () => {
  it('gives the extractive generator by default', () => {
    expect(createAnswerGenerator({ kind: 'extractive' }, {})).toBe(extractiveGenerator)
  })

  it('builds OpenAI-compatible and Ollama generators over the host fetch', async () => {
    const calls: string[] = []
    const openai = createAnswerGenerator(
      { kind: 'openai', base_url: 'http://llm.local:8000', model: 'qwen', api_key: 'k' },
      { fetch: fakeFetch(calls) },
    )
    expect(openai.id).toBe('openai:qwen')
    expect(await text(openai.answer(request))).toBe('From OpenAI [1].')

    const ollama = createAnswerGenerator(
      { kind: 'ollama', base_url: 'http://gpu:11434', model: 'llama3.2' },
      { fetch: fakeFetch(calls) },
    )
    expect(ollama.id).toBe('ollama:llama3.2')
    expect(await text(ollama.answer(request))).toBe('From Ollama [1].')
    expect(calls).toEqual(['http://llm.local:8000/v1/chat/completions', 'http://gpu:11434/api/chat'])
  })

  it("uses the host's WebLLM model, and explains when the host has none", async () => {
    const settings: GeneratorSettings = { kind: 'webllm', model: 'Llama-3.2-1B' }
    const seen: GeneratorSettings[] = []
    const model: ChatModel = {
      id: 'webllm:Llama-3.2-1B',
      async *stream() {
        yield 'In the browser [1].'
      },
      listModels: async () => ['Llama-3.2-1B'],
    }
    const generator = createAnswerGenerator(settings, { chatModel: (given) => (seen.push(given), model) })
    expect(generator.id).toBe('webllm:Llama-3.2-1B')
    expect(await text(generator.answer(request))).toBe('In the browser [1].')
    expect(seen).toEqual([settings])

    expect(() => createAnswerGenerator(settings, {})).toThrow(GeneratorError)
    expect(() => createAnswerGenerator(settings, { chatModel: () => undefined })).toThrow(
      /WebLLM runs only in the browser/u,
    )
  })

  it("answers a registry model through the host's provider registry, resolved when asked", async () => {
    const settings = { kind: 'provider', provider: 'openai', server_id: 's1', model: 'qwen' } as const
    const resolved: unknown[] = []
    const calls: string[] = []
    const generator = createAnswerGenerator(settings, {
      providerModel: async (given) => {
        resolved.push(given)
        return openAiChatModel({
          baseUrl: 'http://registry:8000/v1',
          model: given.model,
          fetch: fakeFetch(calls),
        })
      },
    })
    expect(generator.id).toBe('openai:qwen')
    expect(resolved).toEqual([])
    expect(await text(generator.answer(request))).toBe('From OpenAI [1].')
    expect(resolved).toEqual([settings])
    expect(calls).toEqual(['http://registry:8000/v1/chat/completions'])
  })

  it('says why a registry model cannot be used: a server gone since, or no registry on the host', async () => {
    const settings = { kind: 'provider', provider: 'ollama', server_id: 'gone', model: 'llama3.2' } as const
    const generator = createAnswerGenerator(settings, {
      providerModel: () => Promise.reject(new Error("No Ollama server with id 'gone'")),
    })
    const failure = await text(generator.answer(request)).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(GeneratorError)
    expect((failure as Error).message).toBe(
      "The model chosen in Settings (ollama:llama3.2) cannot be used: No Ollama server with id 'gone'",
    )
    expect(() => createAnswerGenerator(settings, {})).toThrow(
      /no provider registry to reach ollama:llama3.2/u,
    )
  })
})
