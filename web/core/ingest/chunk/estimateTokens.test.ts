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
