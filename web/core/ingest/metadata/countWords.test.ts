import { describe, expect, it } from 'vitest'
import { countWords } from './countWords'

describe('countWords', () => {
  it('counts words in spaced scripts, with apostrophes and hyphens inside words', () => {
    expect(countWords("It's a well-known fact — 42 times.")).toBe(6)
    expect(countWords('Привет, мир! مرحبا بالعالم')).toBe(4)
    expect(countWords('   \n\t ')).toBe(0)
  })

  it('counts each character of unspaced scripts', () => {
    expect(countWords('中文测试')).toBe(4)
    expect(countWords('Quire 支持中文')).toBe(5)
  })
})
