import { describe, expect, it } from 'vitest'
import type { Chunk } from '../chunk/Chunk'
import { markOcrChunks } from './markOcrChunks'

const chunk = (index: number, page: number | null): Chunk => ({
  index,
  text: `chunk ${index}`,
  page,
  heading: null,
  tokenCount: 2,
})

describe('markOcrChunks', () => {
  it("marks the chunks of OCR'd pages with their page's confidence as 0..1, and no others", () => {
    const chunks = [chunk(0, 1), chunk(1, 2), chunk(2, 2), chunk(3, 3), chunk(4, null)]
    markOcrChunks(chunks, [
      { page: 2, confidence: 87 },
      { page: 3, confidence: 100 },
    ])
    expect(chunks.map((c) => c.ocr)).toEqual([
      undefined,
      { confidence: 0.87 },
      { confidence: 0.87 },
      { confidence: 1 },
      undefined,
    ])
    expect(Object.keys(chunks[0]!)).not.toContain('ocr')
  })

  it('leaves chunks alone when no page was read by OCR', () => {
    const chunks = [chunk(0, 1)]
    markOcrChunks(chunks, undefined)
    markOcrChunks(chunks, [])
    expect(chunks[0]).toEqual(chunk(0, 1))
  })
})
