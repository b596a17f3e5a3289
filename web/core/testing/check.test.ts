import { describe, expect, it } from 'vitest'
import { checkEqual, deepEqual } from './check'

describe('deepEqual', () => {
  it('compares Maps and Sets by their entries', () => {
    expect(deepEqual(new Map([['a', { n: 1 }]]), new Map([['a', { n: 1 }]]))).toBe(true)
    expect(deepEqual(new Map([['a', 1]]), new Map([['a', 2]]))).toBe(false)
    expect(deepEqual(new Map([['a', 1]]), new Map([['b', 1]]))).toBe(false)
    expect(deepEqual(new Map([['a', 1]]), new Map())).toBe(false)
    expect(deepEqual(new Map(), {})).toBe(false)
    expect(deepEqual(new Set([1, 2]), new Set([2, 1]))).toBe(true)
    expect(deepEqual(new Set([1, 2]), new Set([1, 3]))).toBe(false)
    expect(deepEqual(new Set([1]), [1])).toBe(false)
  })

  it('compares typed arrays by type and values', () => {
    expect(deepEqual(Uint16Array.of(1, 2), Uint16Array.of(1, 2))).toBe(true)
    expect(deepEqual(Uint16Array.of(1, 2), Uint16Array.of(1, 3))).toBe(false)
    expect(deepEqual(Uint16Array.of(1, 2), Uint8Array.of(1, 2))).toBe(false)
  })

  it('shows the Maps it finds unequal', () => {
    expect(() => checkEqual(new Map([['a', 1]]), new Map([['a', 2]]), 'counts')).toThrow(
      'counts: expected {"Map":[["a",2]]}, got {"Map":[["a",1]]}',
    )
  })
})
