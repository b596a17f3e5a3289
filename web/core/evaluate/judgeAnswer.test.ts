import { describe, expect, it } from 'vitest'
import type { ChatModel, ChatModelRequest } from '../generate/ChatModel'
import { judgeAnswer, judgePrompt } from './judgeAnswer'

/** An in-memory model that streams a scripted reply in small pieces, or fails after some of it. */
function scriptedModel(reply: string, failure?: Error): ChatModel & { requests: ChatModelRequest[] } {
  const requests: ChatModelRequest[] = []
  return {
    id: 'fake:judge',
    requests,
    async *stream(request) {
      requests.push(request)
      for (let i = 0; i < reply.length; i += 7) {
        request.signal?.throwIfAborted()
        await Promise.resolve()
        yield reply.slice(i, i + 7)
      }
      if (failure) throw failure
    },
    listModels: async () => ['judge'],
  }
}

const input = {
  question: 'Who led the Panthers in sacks?',
  answer: 'Kawann Short led the team with 11 sacks [1].',
  answers: ['Kawann Short'],
}

describe('judgeAnswer without a model', () => {
  it('uses token F1 with containment', async () => {
    expect(await judgeAnswer(input)).toEqual({
      is_correct: true,
      // [kawann short led team with 11 sacks] vs [kawann short]: p = 2/7, r = 1, F1 = 4/9
      confidence: expect.closeTo(0.5 + 0.5 * (4 / 9), 10) as number,
      reasoning:
        'the reference answer "Kawann Short" appears in the answer (token F1 0.44 against the best of 1 reference answer(s))',
    })
    expect(await judgeAnswer({ ...input, answer: 'Jared Allen' })).toMatchObject({
      is_correct: false,
      confidence: 0,
    })
  })
})

describe('judgeAnswer with a model', () => {
  it("asks for a JSON verdict and takes the model's word over F1", async () => {
    const model = scriptedModel('{"correct": false, "confidence": 0.8, "reasoning": "Short had 11, not 12."}')
    const verdict = await judgeAnswer(input, model)
    expect(verdict).toEqual({
      is_correct: false,
      confidence: 0.8,
      reasoning: 'LLM judge fake:judge: Short had 11, not 12.',
    })
    const [request] = model.requests
    expect(request?.temperature).toBe(0)
    expect(request?.messages).toEqual(judgePrompt(input))
    const prompt = request?.messages.map((turn) => turn.content).join('\n') ?? ''
    expect(prompt).toContain('Who led the Panthers in sacks?')
    expect(prompt).toContain('- Kawann Short')
    expect(prompt).toContain('Kawann Short led the team with 11 sacks.') // citation stripped
    expect(prompt).toContain('"correct"')
  })

  it('reads a leading yes and gives an unstated confidence of 0.5', async () => {
    const verdict = await judgeAnswer(
      { ...input, answer: 'The sack leader was number 99.' },
      scriptedModel('Yes, it is him.'),
    )
    expect(verdict).toEqual({
      is_correct: true,
      confidence: 0.5,
      reasoning: 'LLM judge fake:judge: it is him.',
    })
  })

  it('falls back to F1 when the model fails, saying so', async () => {
    const verdict = await judgeAnswer(
      input,
      scriptedModel('{"corr', new Error('Ollama at http://x answered 500')),
    )
    expect(verdict.is_correct).toBe(true)
    expect(verdict.confidence).toBeCloseTo(0.5 + 0.5 * (4 / 9), 10)
    expect(verdict.reasoning).toBe(
      'LLM judge fake:judge failed (Ollama at http://x answered 500); the reference answer "Kawann Short" ' +
        'appears in the answer (token F1 0.44 against the best of 1 reference answer(s))',
    )
  })

  it('falls back to F1 when the reply holds no verdict, quoting it', async () => {
    const verdict = await judgeAnswer(
      { ...input, answer: 'Jared Allen' },
      scriptedModel('I think so, maybe.'),
    )
    expect(verdict).toEqual({
      is_correct: false,
      confidence: 0,
      reasoning:
        'LLM judge fake:judge gave no verdict that could be read ("I think so, maybe."); token F1 0.00 against ' +
        'the best of 1 reference answer(s); no reference answer appears in the answer',
    })
    expect((await judgeAnswer(input, scriptedModel(''))).reasoning).toMatch(/\(an empty reply\)/u)
  })

  it('stops reading a reply that runs on', async () => {
    const model = scriptedModel(`{"correct": true} ${'blah '.repeat(100_000)}`)
    expect(await judgeAnswer(input, model)).toMatchObject({ is_correct: true })
  })

  it('rejects with the abort reason instead of falling back', async () => {
    const controller = new AbortController()
    const reason = new Error('run cancelled')
    const model = scriptedModel('{"correct": true, "confidence": 1, "reasoning": "a long enough reply"}')
    const judging = judgeAnswer(input, model, controller.signal)
    controller.abort(reason)
    await expect(judging).rejects.toBe(reason)
    await expect(judgeAnswer(input, model, controller.signal)).rejects.toBe(reason)
    await expect(judgeAnswer(input, undefined, controller.signal)).rejects.toBe(reason)
  })
})
