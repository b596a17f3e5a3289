import { describe, expect, it } from 'vitest'
import type { Chunk } from '../../ingest/chunk/Chunk'
import { CONTEXT_BUDGET, contextSegments } from './contextSegments'

const chunk = (index: number, text: string): Chunk => ({
  index,
  text,
  page: null,
  heading: 'Notes',
  tokenCount: 7,
})
const count = (text: string) => text.length

describe('contextSegments', () => {
  it('numbers segments from 1 and keeps passages within the budget whole', () => {
    const { segments, truncated } = contextSegments([chunk(0, 'One.'), chunk(1, 'Two.')], count)
    expect(truncated).toBe(false)
    expect(segments).toEqual([
      { index: 1, text: 'One.', char_count: 4, page: null, heading: 'Notes', token_count: 7 },
      { index: 2, text: 'Two.', char_count: 4, page: null, heading: 'Notes', token_count: 7 },
    ])
  })

  it('cuts a passage longer than a segment into overlapping pieces', () => {
    const long = 'x'.repeat(2_000) + 'y'.repeat(1_000)
    const { segments } = contextSegments([chunk(0, long)], count)
    expect(segments.map((s) => s.char_count)).toEqual([2_000, 1_200])
    expect(segments[1]?.text).toBe(long.slice(1_800))
    expect(segments[1]?.token_count).toBe(1_200)
  })

  it('never splits a surrogate pair', () => {
    const text = 'a'.repeat(1_999) + '😀' + 'b'.repeat(10)
    const { segments } = contextSegments([chunk(0, text)], count)
    expect(segments[0]?.text).toBe('a'.repeat(1_999))
    expect(segments.map((s) => s.text).join('')).toContain('😀')
  })

  it('stops before the segment that would pass the segment or character limit, and says so', () => {
    const many = Array.from({ length: 30 }, (_, i) => chunk(i, `Passage ${i}.`))
    const bySegments = contextSegments(many, count)
    expect(bySegments.segments).toHaveLength(CONTEXT_BUDGET.maxSegments)
    expect(bySegments.truncated).toBe(true)

    const big = Array.from({ length: 20 }, (_, i) => chunk(i, 'z'.repeat(1_900)))
    const byChars = contextSegments(big, count, { ...CONTEXT_BUDGET, maxTotalChars: 5_000 })
    expect(byChars.segments).toHaveLength(2)
    expect(byChars.truncated).toBe(true)
  })
})
