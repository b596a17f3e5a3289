import { describe, expect, it } from 'vitest'
import { countLetters } from './groupLines'

describe('countLetters', () => {
  it('counts letters and digits by code point, in any script, and nothing else', () => {
    const byPattern = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0
    const texts = [
      '',
      'PepsiCo, Inc. (in millions) 2021',
      'naïve e\u0301 ½ — “quoted”',
      '𝒜𝒷𝒸 😀 \ud800 \udc00',
      '東京タワー ١٢٣ עברית हिन्दी',
    ]
    for (const text of texts) expect(countLetters(text), text).toBe(byPattern(text))
    expect(countLetters('𝒜b')).toBe(2)
  })
})
