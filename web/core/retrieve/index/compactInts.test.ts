import { describe, expect, it } from 'vitest'
import { fromRuns, fromVarints, toRuns, toVarints } from './compactInts'

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

  it('write numbers from a least as varints of their difference, one byte up to 127 more', () => {
    const values = Int32Array.of(-1, 0, 126, 127, 128, 70_000, 2 ** 31 - 2)
    const bytes = toVarints(values, -1)
    expect(bytes.length).toBe(1 + 1 + 1 + 2 + 2 + 3 + 5)
    expect(fromVarints(bytes, values.length, -1)).toEqual(values)
    expect(() => toVarints(Int32Array.of(-2), -1)).toThrow(/under -1/)
  })

  it('refuse varints cut short, past 31 bits, or with bytes left over', () => {
    const bytes = toVarints(Int32Array.of(5, 300), 0)
    expect(() => fromVarints(bytes.subarray(0, 2), 2, 0)).toThrow(/bounds/)
    expect(() => fromVarints(bytes, 3, 0)).toThrow(/cut short/)
    expect(() => fromVarints(bytes, 1, 0)).toThrow(/longer/)
    expect(() => fromVarints(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x0f), 1, 0)).toThrow(/bounds/)
    expect(() => fromVarints(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 1), 1, 0)).toThrow(/bounds/)
    expect(fromVarints(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x07), 1, 0)).toEqual(Int32Array.of(2 ** 31 - 1))
  })
})
