import { describe, expect, it } from 'vitest'
import { lineLocator, scanJson } from './scanJson'

function errorAt(text: string): string {
  const { error } = scanJson(text)
  if (error === null) return 'valid'
  const { line, column } = lineLocator(text)(error.offset)
  return `${error.message} @${line}:${column}`
}

describe('scanJson', () => {
  it('agrees with JSON.parse on what is JSON', () => {
    const samples = [
      '{"a": [1, -2.5e+3, 0, true, false, null, "x\\n\\u00e9\\"", {}], "b": {"c": []}}',
      ' [ ] ',
      '"text"',
      '{"a": 01}',
      '{"a": 1.}',
      '{"a": -}',
      '{"a": "\\x"}',
      '{"a": "\\u12"}',
      '[1,]',
      '{"a" 1}',
      '{a: 1}',
      "{'a': 1}",
      '[1] [2]',
      '{"a": tru}',
      '{"a": "never closed}',
      '',
    ]
    for (const text of samples) {
      let parses = true
      try {
        JSON.parse(text)
      } catch {
        parses = false
      }
      expect({ text, valid: scanJson(text).error === null }).toEqual({ text, valid: parses })
    }
  })

  it('says where and what', () => {
    expect(errorAt('{"a": 1,\n "b": 2,\n}')).toBe("trailing comma before '}' @3:1")
    expect(errorAt('[1 2]')).toBe("expected ',' or ']' @1:4")
    expect(errorAt("{'a': 1}")).toBe('expected a property name in double quotes @1:2')
    expect(errorAt('["a", \'b\']')).toBe('strings must use double quotes @1:7')
    expect(errorAt('{"a": "x\\q"}')).toBe('invalid escape in a string @1:9')
    expect(errorAt('{"a": "open}')).toBe('string is never closed @1:7')
    expect(errorAt('{"a": "open}\n')).toMatch(/^line break or control character inside a string .* @1:13$/u)
    expect(errorAt('{"a": 1} x')).toBe('unexpected text after the end of the JSON value @1:10')
    expect(errorAt('')).toBe('unexpected end of file, expected a value @1:1')
  })

  it('reports nesting too deep instead of overflowing the stack', () => {
    const deep = '['.repeat(100_000)
    expect(errorAt(deep)).toBe('nested deeper than 256 levels @1:257')
  })

  it('finds where each test case starts, in a top-level array or test_cases', () => {
    const text = '{\n "x": [9],\n "test_cases": [\n  {"q": 1},\n  {"q": [2]}\n ]\n}'
    const locate = lineLocator(text)
    expect(scanJson(text).caseOffsets.map((offset) => locate(offset))).toEqual([
      { line: 4, column: 3 },
      { line: 5, column: 3 },
    ])
    expect(scanJson('[{}, {},\n{}]').caseOffsets).toEqual([1, 5, 9])
    expect(scanJson('{"a": [{}]}').caseOffsets).toEqual([])
  })
})
