import { describe, expect, it } from 'vitest'
import { textValues } from './textValues'

describe('textValues', () => {
  it('finds the dates, counts, amounts, percentages and durations a sentence prints', () => {
    const kinds = (text: string) => textValues(text).values.map(({ kind, text }) => `${kind}:${text}`)
    expect(kinds('Decided May 17, 1954.')).toContain('date:May 17, 1954')
    expect(kinds('The company had 2,300 employees in 2021, up 12%.')).toEqual(
      expect.arrayContaining(['count:2,300', 'percent:12%']),
    )
    expect(kinds('It costs $4,500 per year.')).toContain('money:$4,500')
    expect(kinds('Ducks can live up to 20 years.')).toContain('duration:20 years')
  })

  it('tells a line with no verb (a title, a reference) from a sentence', () => {
    expect(textValues('Technical report, Anthropic, AI, 2024.').verb).toBe(false)
    expect(textValues('ripgrep is dual licensed under the Unlicense and MIT.').verb).toBe(true)
  })

  it('marks a run of proper nouns past the first word as a name', () => {
    const names = textValues('The opinion was delivered by Chief Justice Warren.').values.filter(
      ({ kind }) => kind === 'name',
    )
    expect(names.map(({ text }) => text).join(' ')).toMatch(/warren/u)
  })
})
