import { describe, expect, it } from 'vitest'
import { choosePassages } from './choosePassages'

const passage = (document_id: string, page: number | null, score: number) => ({ document_id, page, score })
const pages = (chosen: ReadonlyArray<{ document_id: string; page: number | null }>) =>
  chosen.map(({ document_id, page }) => `${document_id}#${page}`)

describe('choosePassages', () => {
  // A lone passage of page 7 leads on its own words; page 3 has two passages nearly as good.
  const ranked = [passage('A', 7, 0.9), passage('A', 3, 0.8), passage('A', 3, 0.7), passage('B', 1, 0.5)]

  it('lifts a page where two passages match, then spreads the answer over pages', () => {
    expect(pages(choosePassages(ranked, 2, 'hybrid', (c) => c))).toEqual(['A#3', 'A#7'])
    expect(pages(choosePassages(ranked, 3, 'bm25', (c) => c))).toEqual(['A#3', 'A#7', 'B#1'])
  })

  it('keeps vector search in its own order, whose scores are cosines and not its ranking', () => {
    // Ordered with document evidence, so a later passage may carry a higher cosine.
    const vector = [passage('A', 7, 0.3), passage('A', 3, 0.35), passage('A', 3, 0.34), passage('B', 1, 0.2)]
    expect(pages(choosePassages(vector, 3, 'vector', (c) => c))).toEqual(['A#7', 'A#3', 'B#1'])
  })
})
