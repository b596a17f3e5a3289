import { describe, expect, it } from 'vitest'
import { answerSource } from '../testing/answerSource'
import type { AnswerSource } from './AnswerGenerator'
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

/** What a fake model is sent for a question over these passages. */
async function sentFor(question: string, sources: AnswerSource[]): Promise<ChatModelRequest> {
  const requests: ChatModelRequest[] = []
  const model: ChatModel = {
    id: 'fake:model',
    async *stream(request) {
      requests.push(request)
      yield 'ok'
    },
    listModels: async () => [],
  }
  for await (const _ of llmAnswerGenerator(model).answer({ question, history: [], sources })) {
    // drain
  }
  return requests[0]!
}

describe('llmAnswerGenerator: what the model is given', () => {
  it('hands the model the question as understood and the chosen cell and rows before the sources', async () => {
    const table = [
      'Consolidated Statements of Operations (Dollars in millions)',
      'Years ended December 31, | 2022 | 2021',
      'Total revenues | 66,608 | 62,286',
      'Net loss | (5,053) | (4,290)',
    ].join('\n')
    const question =
      'Assume you are an analyst. What was Acme total revenue growth from FY2021 to FY2022? Answer in percent.'
    const sent = await sentFor(question, [
      answerSource(1, table, { document_id: 'd', filename: 'ACME.pdf', page: 3 }),
    ])
    const system = sent.messages[0]!.content
    expect(system).toContain('The question asks: What was Acme total revenue growth from FY2021 to FY2022?')
    expect(system).toContain('Period: 2021, 2022')
    expect(system).toContain('Answer in: percent')
    expect(system).toContain(
      'Table row [1]: Total revenues | 66,608 | 62,286 — columns: Years ended December 31,, 2022, 2021 — in millions',
    )
    expect(system.indexOf('Read first')).toBeLessThan(system.indexOf('Sources:'))
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: question })
  })

  it('tells the model the kind of answer asked, what it asks for, what about, and the candidate values', async () => {
    const passage = (number: number, text: string) =>
      answerSource(number, text, { filename: `d${number}.md` })
    const sent = await sentFor('how many employees does dropbox have', [
      passage(1, 'Dropbox had 2,693 employees at the end of the year, most of them in San Francisco.'),
      passage(2, 'Dropbox was founded in 2007 by two students.'),
    ])
    const system = sent.messages[0]!.content
    expect(system).toContain('The answer to give: a number or an amount, with its unit')
    expect(system).toContain('What it asks for: employees')
    expect(system).toMatch(/What it is about: .*dropbox/u)
    expect(system).toContain('Candidate answers: 2,693 [1]')
    expect(system).toContain('Sentence [1]: Dropbox had 2,693 employees')
  })
})
