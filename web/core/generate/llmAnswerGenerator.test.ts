import { describe, expect, it } from 'vitest'
import type { ChatModel, ChatModelRequest } from './ChatModel'
import { llmAnswerGenerator } from './llmAnswerGenerator'

describe('llmAnswerGenerator', () => {
  it('sends the answer prompt with the signal, and stops the model when the reader stops', async () => {
    const requests: ChatModelRequest[] = []
    let finished = false
    const model: ChatModel = {
      id: 'fake:model',
      async *stream(request) {
        requests.push(request)
        try {
          yield 'One [1]'
          yield ', two [2]'
          yield ', three.'
        } finally {
          finished = true
        }
      },
      listModels: async () => [],
    }
    const signal = new AbortController().signal
    const generator = llmAnswerGenerator(model)
    expect(generator.id).toBe('fake:model')
    const source = {
      chunk_id: 'c',
      document_id: 'd',
      filename: 'f.md',
      page: null,
      heading: null,
      text: 'Text.',
      score: 1,
    }
    const pieces: string[] = []
    for await (const piece of generator.answer({
      question: 'Count?',
      history: [],
      sources: [
        { ...source, number: 1 },
        { ...source, number: 2 },
      ],
      signal,
    })) {
      pieces.push(piece)
      if (pieces.length === 2) break
    }
    expect(pieces).toEqual(['One [1]', ', two [2]'])
    expect(finished).toBe(true)
    expect(requests).toHaveLength(1)
    expect(requests[0]!.signal).toBe(signal)
    expect(requests[0]!.messages.at(-1)).toEqual({ role: 'user', content: 'Count?' })
    expect(requests[0]!.messages[0]!.content).toContain('[2] f.md\nText.')
  })
})
