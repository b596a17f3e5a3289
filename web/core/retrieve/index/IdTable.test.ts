import { describe, expect, it } from 'vitest'
import { ByteReader, ByteWriter } from './ByteSections'
import { IdTable } from './IdTable'

const written = (ids: readonly string[]) => new ByteReader(new ByteWriter().strings(ids).finish())

describe('IdTable', () => {
  it('gives the ids as written, each cut from the text read when asked', () => {
    const ids = ['chunk-1', '', 'ünïcödé-☃', 'chunk-4']
    const table = IdTable.of(written(ids).stringTable(ids.length))
    expect([3, 0, 2, 1].map((ordinal) => table.at(ordinal))).toEqual([ids[3], ids[0], ids[2], ids[1]])
    expect(ids.map((_, ordinal) => table.at(ordinal))).toEqual(written(ids).strings())
    expect(table.at(4)).toBeUndefined()
    expect(table.at(-1)).toBeUndefined()
  })

  it('keeps ids set over those read and past them', () => {
    const table = IdTable.of(written(['a', 'b']).stringTable())
    table.set(0, '')
    table.set(3, 'd')
    expect([0, 1, 2, 3].map((ordinal) => table.at(ordinal))).toEqual(['', 'b', undefined, 'd'])
    const empty = IdTable.empty()
    expect(empty.at(0)).toBeUndefined()
    empty.set(0, 'first')
    expect(empty.at(0)).toBe('first')
  })

  it('refuses lengths that do not cut the text exactly', () => {
    const table = (lengths: number[], text: string) => {
      const writer = new ByteWriter().ints(Int32Array.from(lengths)).bytes(new TextEncoder().encode(text))
      return () => new ByteReader(writer.finish()).stringTable()
    }
    expect(table([1, 2], 'abc')).not.toThrow()
    expect(table([1, 3], 'abc')).toThrow('a string past its table')
    expect(table([-1, 4], 'abc')).toThrow('a string past its table')
    expect(table([1, 1], 'abc')).toThrow('a table of strings longer than its strings')
    expect(() => new ByteReader(new ByteWriter().strings(['a']).finish()).stringTable(2)).toThrow(RangeError)
  })
})
