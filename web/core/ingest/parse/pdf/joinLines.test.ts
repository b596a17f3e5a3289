import { describe, expect, it } from 'vitest'
import { joinLines } from './joinLines'

describe('joinLines', () => {
  it.each([
    ['trac-', 'ing loops', 'tracing loops'],
    ['Trace-', 'Monkey', 'Trace-Monkey'],
    ['end of a sentence.', 'Next', 'end of a sentence. Next'],
    ['a dash –', 'then more', 'a dash – then more'],
    ['page 12-', '14', 'page 12- 14'],
    ['soft\u00AD', 'Hyphen', 'softHyphen'],
    ['中文', '文本', '中文文本'],
    ['', 'first', 'first'],
  ])('%j + %j -> %j', (text, next, joined) => {
    expect(joinLines(text, next)).toBe(joined)
  })
})
