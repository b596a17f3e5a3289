import { describe, expect, it } from 'vitest'
import { spreadOverPages } from './spreadOverPages'

const pageOf = (id: string) => (id.includes('#') ? id.slice(0, id.indexOf('.')) : null)

describe('spreadOverPages', () => {
  it('takes each page’s best passage before a second one of any page, keeping the order', () => {
    // Three passages of page 4 lead; page 9 and page 2 of another report follow.
    const ranked = ['A#4.1', 'A#4.2', 'A#4.3', 'A#9.1', 'B#2.1', 'A#9.2']
    expect(spreadOverPages(ranked, 3, pageOf)).toEqual(['A#4.1', 'A#9.1', 'B#2.1'])
    // Places left over go to the waiting passages, best first, all in the ranked order.
    expect(spreadOverPages(ranked, 4, pageOf)).toEqual(['A#4.1', 'A#4.2', 'A#9.1', 'B#2.1'])
    expect(spreadOverPages(ranked, 10, pageOf)).toEqual(ranked)
  })

  it('never holds back passages without a page, and the same page number of two documents is two pages', () => {
    const ranked = ['notes-1', 'notes-2', 'A#1.1', 'B#1.1', 'A#1.2', 'notes-3']
    expect(spreadOverPages(ranked, 4, pageOf)).toEqual(['notes-1', 'notes-2', 'A#1.1', 'B#1.1'])
    expect(spreadOverPages(ranked, 5, pageOf)).toEqual(['notes-1', 'notes-2', 'A#1.1', 'B#1.1', 'notes-3'])
  })

  it('lets a waiting passage in before a new page that it far outscores', () => {
    // A one-page agenda's passages lead the library's; the others' pages score a hundredth of them.
    const scores = new Map([
      ['A#1.1', 1],
      ['A#1.2', 0.6],
      ['A#1.3', 0.3],
      ['B#4.1', 0.009],
      ['B#7.1', 0.008],
      ['C#2.1', 0.2],
    ])
    const scoreOf = (id: string) => scores.get(id) ?? 0
    const ranked = ['A#1.1', 'A#1.2', 'A#1.3', 'C#2.1', 'B#4.1', 'B#7.1']
    // C's page scores a third of the waiting A#1.2, a rival: it goes in first; B's pages wait behind both.
    expect(spreadOverPages(ranked, 4, pageOf, scoreOf)).toEqual(['A#1.1', 'A#1.2', 'A#1.3', 'C#2.1'])
    expect(spreadOverPages(ranked, 3, pageOf, scoreOf)).toEqual(['A#1.1', 'A#1.2', 'C#2.1'])
    // Comparable scores spread as before.
    const close = (id: string) => (id.startsWith('A') ? 0.8 : 0.7)
    expect(spreadOverPages(ranked, 3, pageOf, close)).toEqual(['A#1.1', 'C#2.1', 'B#4.1'])
  })

  it('gives nothing for no candidates or no places', () => {
    expect(spreadOverPages([], 5, pageOf)).toEqual([])
    expect(spreadOverPages(['A#1.1'], 0, pageOf)).toEqual([])
  })
})
