import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { TopK } from './TopK'

describe('TopK', () => {
  it('keeps the k best of a stream, best first', () => {
    const scores = [0.3, -1, 0.9, 0.1, 0.9, 0.5, 0.7, 0.2]
    const top = new TopK(3)
    scores.forEach((score, row) => top.offer(score, row))
    // Equal scores: the row offered first is kept and listed first.
    expect(top.drain()).toEqual([
      { row: 2, score: 0.9 },
      { row: 4, score: 0.9 },
      { row: 6, score: 0.7 },
    ])
    expect(top.size).toBe(0)
  })

  it('returns everything when k exceeds the stream, and nothing when k is 0', () => {
    const all = new TopK(10)
    ;[0.2, 0.4, 0.1].forEach((score, row) => all.offer(score, row))
    expect(all.drain().map((hit) => hit.row)).toEqual([1, 0, 2])
    const none = new TopK(0)
    none.offer(1, 0)
    expect(none.drain()).toEqual([])
  })

  it('keeps the first k of a stable sort by score, in whatever order rows are offered', () => {
    const next = seededRandom(3)
    // Few distinct scores, so ties cross the cut.
    const scores = Array.from({ length: 300 }, () => Math.floor(next() * 6) / 4)
    const expected = scores
      .map((score, row) => ({ row, score }))
      .sort((a, b) => b.score - a.score || a.row - b.row)
      .slice(0, 25)
    for (const order of ['ascending', 'descending', 'shuffled']) {
      const rows = scores.map((_, row) => row)
      if (order === 'descending') rows.reverse()
      if (order === 'shuffled') rows.sort(() => next() - 0.5)
      const top = new TopK(25)
      for (const row of rows) top.offer(scores[row]!, row)
      expect(top.drain(), order).toEqual(expected)
    }
  })

  it('reports the floor a newcomer must beat once full', () => {
    const top = new TopK(2)
    expect(top.floor).toBe(-Infinity)
    top.offer(0.5, 0)
    top.offer(0.8, 1)
    expect(top.floor).toBe(0.5)
    top.offer(0.6, 2)
    expect(top.floor).toBe(0.6)
  })
})
