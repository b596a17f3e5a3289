import { describe, expect, it } from 'vitest'
import { estimateTokens } from './estimateTokens'

describe('estimateTokens', () => {
  it('counts words at 1.3 tokens, rounded up once, plus one per punctuation mark', () => {
    expect(estimateTokens('')).toBe(0)
    expect(estimateTokens('   \n ')).toBe(0)
    expect(estimateTokens('hello')).toBe(2)
    expect(estimateTokens('one two three four five six seven eight nine ten')).toBe(13)
    expect(estimateTokens('Hello, world!')).toBe(3 + 2)
    expect(estimateTokens('naïve café 2024')).toBe(4)
  })

  it('counts one token per character of scripts written without spaces', () => {
    expect(estimateTokens('你好世界')).toBe(4)
    expect(estimateTokens('你好，世界。')).toBe(6)
    expect(estimateTokens('東京タワー')).toBe(5)
    expect(estimateTokens('ภาษาไทย')).toBe(7)
    // Mixed: 'FastAPI' is one word, the Han characters count one each.
    expect(estimateTokens('FastAPI 框架')).toBe(2 + 2)
  })

  it('never counts texts joined by whitespace as more than the sum of their counts', () => {
    const parts = ['The quick brown fox.', 'Jumps over', 'the lazy dog!', '狐狸跳过了狗。', 'x']
    const sum = parts.reduce((total, part) => total + estimateTokens(part), 0)
    expect(estimateTokens(parts.join(' '))).toBeLessThanOrEqual(sum)
    expect(estimateTokens(parts.join('\n\n'))).toBeLessThanOrEqual(sum)
  })
})

describe('estimateTokens against its definition', () => {
  // The definition as patterns over the whole text; the function counts the same in one pass.
  const UNSPACED =
    /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script_Extensions=Thai}\p{Script_Extensions=Lao}\p{Script_Extensions=Khmer}\p{Script_Extensions=Myanmar}]/gu
  const byPatterns = (text: string) => {
    const unspaced = text.match(UNSPACED)?.length ?? 0
    const rest = text.replace(UNSPACED, ' ')
    const words = rest.match(/[\p{L}\p{N}\p{M}]+/gu)?.length ?? 0
    const punctuation = rest.match(/[^\s\p{L}\p{N}\p{M}]/gu)?.length ?? 0
    return Math.ceil((words * 13) / 10) + punctuation + unspaced
  }

  it('counts as the patterns do, in every script, with marks, symbols, odd spaces and lone surrogates', () => {
    const texts = [
      'Net revenue increased 5.2% to $79,474 million in 2021.',
      'naïve café — “quoted” e\u0301t\u00e9 ½ ⅓',
      '𝒜𝒷𝒸 😀 \ud800 lone \udc00 surrogates',
      'non\u00a0breaking\u2003em\u3000ideographic\ufeffbom\tTab\r\nnewline\v\f',
      '東京タワーは1958年に完成した。 ภาษาไทย ພາສາລາວ ភាសាខ្មែរ မြန်မာ',
      'العربية ١٢٣ עברית Ελληνικά Русский हिन्दी',
      'user@example.com https://example.com/a?b=c#d ~!@#$%^&*()_+',
    ]
    for (const text of texts) expect(estimateTokens(text), text).toBe(byPatterns(text))
  })
})
