import { describe, expect, it } from 'vitest'
import { sameSection } from './sameSection'

describe('sameSection', () => {
  it('holds for the same headings in the same order, and for none on both sides', () => {
    expect(sameSection({ headingPath: ['Guide', 'Install'] }, { headingPath: ['Guide', 'Install'] })).toBe(
      true,
    )
    expect(sameSection({ headingPath: [] }, { headingPath: [] })).toBe(true)
  })

  it('fails for a deeper, a shallower or a different heading', () => {
    expect(sameSection({ headingPath: ['Guide'] }, { headingPath: ['Guide', 'Install'] })).toBe(false)
    expect(sameSection({ headingPath: ['Guide', 'Install'] }, { headingPath: ['Guide'] })).toBe(false)
    expect(sameSection({ headingPath: ['Guide', 'Install'] }, { headingPath: ['Guide', 'Usage'] })).toBe(
      false,
    )
    // Joined, ['a b'] and ['a', 'b'] could read alike; compared title by title they do not.
    expect(sameSection({ headingPath: ['a\u0000b'] }, { headingPath: ['a', 'b'] })).toBe(false)
  })
})
