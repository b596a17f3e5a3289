import { describe, expect, it } from 'vitest'
import { fromRuns, toRuns } from './codeRuns'

describe('compact ints', () => {
  it('write codes as runs and read them back, runs of one included', () => {
    const codes = Int32Array.of(0, 0, 0, 2, 1, 1, 2, 0)
    const runs = toRuns(codes)
    expect(runs).toEqual(Int32Array.of(0, 3, 2, 1, 1, 2, 2, 1, 0, 1))
    expect(fromRuns(runs, codes.length, 3)).toEqual(codes)
    expect(toRuns(new Int32Array(0))).toEqual(new Int32Array(0))
    expect(fromRuns(new Int32Array(0), 0, 0)).toEqual(new Int32Array(0))
    expect(toRuns(new Int32Array(100_000).fill(7)).length).toBe(2)
  })

  it('refuse runs that do not make exactly the codes asked for, or name a code past the table', () => {
    expect(() => fromRuns(Int32Array.of(0, 3, 1), 3, 2)).toThrow(/odd/)
    expect(() => fromRuns(Int32Array.of(0, 3), 4, 2)).toThrow(/3 codes where 4/)
    expect(() => fromRuns(Int32Array.of(0, 3, 1, 2), 4, 2)).toThrow(/past their codes/)
    expect(() => fromRuns(Int32Array.of(0, 0, 1, 2), 2, 2)).toThrow(/past their codes/)
    expect(() => fromRuns(Int32Array.of(0, -1, 1, 3), 2, 2)).toThrow(/past their codes/)
    expect(() => fromRuns(Int32Array.of(2, 1), 1, 2)).toThrow(/past its table/)
    expect(() => fromRuns(Int32Array.of(-1, 1), 1, 2)).toThrow(/past its table/)
  })
})
