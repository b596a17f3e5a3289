import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { termsWithinEdits } from './termsWithinEdits'

/** Plain Levenshtein over UTF-16 code units: the reference. */
function levenshtein(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1), row[j]! + 1, next[j - 1]! + 1)
    }
    row = next
  }
  return row[b.length]!
}

describe('termsWithinEdits', () => {
  it('finds exactly the terms a full scan finds, with their distances, pruning or not', () => {
    const next = seededRandom(3)
    // A small alphabet, so that many terms share prefixes and lie within two edits of each other.
    const letters = 'abcdé東'
    const word = (length: number) =>
      Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join('')
    const sorted = [...new Set(Array.from({ length: 3000 }, () => word(1 + Math.floor(next() * 9))))].sort()
    let found = 0
    for (let q = 0; q < 200; q++) {
      const query = word(1 + Math.floor(next() * 9))
      for (const maxDistance of [1, 2]) {
        const expected = sorted
          .map((term, index) => ({ index, distance: levenshtein(term, query) }))
          .filter(({ distance }) => distance <= maxDistance)
        expect(termsWithinEdits(sorted, query, maxDistance), `${query} within ${maxDistance}`).toEqual(
          expected,
        )
        found += expected.length
      }
    }
    expect(found).toBeGreaterThan(1000)
  })

  it('handles an empty table, a term of the table itself and terms much longer than the query', () => {
    expect(termsWithinEdits([], 'word', 2)).toEqual([])
    expect(termsWithinEdits(['steam', 'steamer', 'steamers', 'team'], 'steam', 2)).toEqual([
      { index: 0, distance: 0 },
      { index: 1, distance: 2 },
      { index: 3, distance: 1 },
    ])
  })
})
