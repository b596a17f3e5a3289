import { describe, expect, it } from 'vitest'
import { exceedsJsonDepth, MAX_JSON_DEPTH } from './exceedsJsonDepth'

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)

describe('exceedsJsonDepth', () => {
  it('allows up to the limit and refuses one level more', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false)
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true)
    expect(exceedsJsonDepth('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false)
    expect(exceedsJsonDepth('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true)
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonDepth(JSON.stringify({ text: '[[[[[[[[{{{{' }), 1)).toBe(false)
    expect(exceedsJsonDepth(JSON.stringify({ text: 'say \\"[[[[[" ok' }), 1)).toBe(false)
    expect(exceedsJsonDepth(JSON.stringify(['\\', [[]]]), 2)).toBe(true)
  })

  it('handles 100,000 levels without recursing', () => {
    expect(exceedsJsonDepth(nested(100_000))).toBe(true)
  })
})
