import { describe, expect, it } from 'vitest'
import { ApiError } from '../kernel/ApiError'
import { isJsonContentType, parseJsonBody } from './parseJsonBody'

describe('parseJsonBody', () => {
  it('parses JSON of any shape and treats a blank body as absent', () => {
    expect(parseJsonBody('{"a":1}', 'application/json')).toEqual({ a: 1 })
    expect(parseJsonBody('null', 'application/json; charset=utf-8')).toBeNull()
    expect(parseJsonBody('  ', 'application/json')).toBeUndefined()
    expect(parseJsonBody('', null)).toBeUndefined()
  })

  it('refuses malformed JSON and non-JSON content types with 400', () => {
    for (const [text, type] of [
      ['{"a":', 'application/json'],
      ['{"a":1}', 'text/plain'],
      ['{"a":1}', null],
    ] as const) {
      expect(() => parseJsonBody(text, type)).toThrow(ApiError)
    }
  })

  it('refuses JSON nested deeper than MAX_JSON_DEPTH with 400 naming the reason', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    expect(() => parseJsonBody(deep, 'application/json')).toThrow(/nested too deeply/)
  })

  it('recognises JSON media types', () => {
    expect(isJsonContentType('application/problem+json')).toBe(true)
    expect(isJsonContentType('APPLICATION/JSON;charset=UTF-8')).toBe(true)
    expect(isJsonContentType('application/jsonx')).toBe(false)
  })
})
