import { describe, expect, it } from 'vitest'
import type { AnswerSource } from './AnswerGenerator'
import { buildAnswerPrompt } from './buildAnswerPrompt'

const source = (number: number, overrides: Partial<AnswerSource> = {}): AnswerSource => ({
  number,
  chunk_id: `c${number}`,
  document_id: 'd1',
  filename: 'tracemonkey.pdf',
  page: 5,
  heading: '3. Trace Trees',
  text: '  A trace is simply a program path.  ',
  score: 0.9,
  ...overrides,
})

describe('buildAnswerPrompt', () => {
  it('names a web page source by its title and URL', () => {
    const [system] = buildAnswerPrompt({
      question: 'When?',
      history: [],
      sources: [
        source(3, {
          filename: 'Marmalade facts',
          page: null,
          heading: null,
          url: 'https://example.org/m',
          text: 'In 1797.',
        }),
      ],
    })
    expect(system!.content).toContain('[3] Marmalade facts (web page https://example.org/m)\nIn 1797.')
  })

  it('puts instructions and numbered sources in the system message, then history, then the question', () => {
    const turns = buildAnswerPrompt({
      question: '  And a trace tree?  ',
      history: [
        { role: 'system', content: 'old system turn, dropped' },
        { role: 'user', content: 'What is a trace?' },
        { role: 'assistant', content: 'A trace is a program path [1].' },
      ],
      sources: [
        source(1),
        source(2, { filename: 'notes.md', page: null, heading: null, text: 'Trees grow.' }),
      ],
    })
    expect(turns.map((turn) => turn.role)).toEqual(['system', 'user', 'assistant', 'user'])
    const system = turns[0]!.content
    expect(system).toMatch(/only the numbered sources/u)
    expect(system).toMatch(/cite the source it comes from as \[n\]/u)
    expect(system).toMatch(/do not contain the answer, say plainly/u)
    expect(system).toContain(
      '[1] tracemonkey.pdf, page 5 — 3. Trace Trees\nA trace is simply a program path.\n\n[2] notes.md\nTrees grow.',
    )
    expect(turns.slice(1)).toEqual([
      { role: 'user', content: 'What is a trace?' },
      { role: 'assistant', content: 'A trace is a program path [1].' },
      { role: 'user', content: 'And a trace tree?' },
    ])
  })

  it('gives a model the passage’s page in its place where there is one', () => {
    const [system] = buildAnswerPrompt({
      question: 'Capital spending in 2021?',
      history: [],
      sources: [source(1, { text: 'Capital spending', pageText: 'Capital spending\nFiscal 2021 (4,625)' })],
    })
    expect(system!.content).toContain(
      '[1] tracemonkey.pdf, page 5 — 3. Trace Trees\nCapital spending\nFiscal 2021 (4,625)',
    )
  })

  it('keeps only the latest history, clipped, and says when no source matched', () => {
    const history = Array.from({ length: 20 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `turn ${i} ${'x'.repeat(i === 19 ? 5000 : 10)}`,
    }))
    const turns = buildAnswerPrompt({ question: 'Why?', history, sources: [] })
    expect(turns[0]!.content).toContain('Sources: none.')
    expect(turns).toHaveLength(1 + 6 + 1)
    expect(turns[1]!.content).toMatch(/^turn 14 /u)
    expect(turns[6]!.content.length).toBeLessThanOrEqual(1501)
  })
})
