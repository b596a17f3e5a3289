import { describe, expect, it } from 'vitest'
import { printedOptionsFirst } from './printedOptionsFirst'

describe('printedOptionsFirst', () => {
  const found = [
    { id: 'a', score: 0.9, text: 'Pandoc has a lot of options. The --mathml option converts TeX math.' },
    { id: 'b', score: 0.5, text: 'Command-line options are listed in the manual.' },
    { id: 'c', score: 0.1, text: 'The -s option says to create a "standalone" file.' },
  ]
  const textOf = (item: { text: string }) => item.text

  it('scores the passages printing the option asked of first, the rest in their order', () => {
    const lifted = printedOptionsFirst(found, 'whats the -s option do', textOf)
    expect(lifted.map(({ id }) => id)).toEqual(['c', 'a', 'b'])
    expect(lifted[0]!.score).toBeGreaterThan(0.9)
  })

  it('keeps the order where no option is asked of, or none or every passage prints it', () => {
    expect(printedOptionsFirst(found, 'what options does pandoc have', textOf)).toEqual(found)
    expect(printedOptionsFirst(found, 'what does -x do', textOf)).toEqual(found)
  })
})
