/**
 * Smaller forms of BM25's per-chunk numbers in a snapshot ("QBM4", `bm25Bytes.ts`). At 139k passages
 * the chunks' collection and document codes and field lengths took 2.2 MB as Int32 words of the 25 MB a
 * browser's cold start read (bench/README.md, browser-large, session 51): a document's chunks are added
 * together, so their codes come in long runs, and a field's length is a count of a passage's tokens.
 */

/** `codes` as (code, how many times in a row) pairs. */
export function toRuns(codes: Int32Array): Int32Array {
  const runs: number[] = []
  for (let i = 0; i < codes.length;) {
    const code = codes[i]!
    let end = i + 1
    while (end < codes.length && codes[end] === code) end++
    runs.push(code, end - i)
    i = end
  }
  return Int32Array.from(runs)
}

/**
 * The `length` codes of `toRuns`' pairs, each below `tableSize`. Throws a RangeError on an odd list, a
 * code past its table, a run of no code, or runs that do not make exactly `length` codes.
 */
export function fromRuns(runs: Int32Array, length: number, tableSize: number): Int32Array {
  if (runs.length % 2 !== 0) throw new RangeError('Runs of odd size')
  const codes = new Int32Array(length)
  let at = 0
  for (let i = 0; i < runs.length; i += 2) {
    const code = runs[i]!
    const count = runs[i + 1]!
    if (code < 0 || code >= tableSize) throw new RangeError('A code past its table')
    if (count < 1 || at + count > length) throw new RangeError('Runs past their codes')
    codes.fill(code, at, at + count)
    at += count
  }
  if (at !== length) throw new RangeError(`${at} codes where ${length} were expected`)
  return codes
}

/**
 * Numbers of at least `least` as unsigned LEB128 varints of their difference from it: 1 byte each up to
 * `least + 127`.
 */
export function toVarints(values: Int32Array, least: number): Uint8Array {
  const out = new Uint8Array(values.length * 5)
  let at = 0
  for (let i = 0; i < values.length; i++) {
    let value = values[i]! - least
    if (value < 0) throw new RangeError(`A number under ${least}`)
    while (value > 127) {
      out[at++] = (value & 127) | 128
      value >>>= 7
    }
    out[at++] = value
  }
  return out.slice(0, at)
}

/**
 * The `length` numbers of `toVarints`' bytes with the same `least`. Throws a RangeError on a varint cut
 * short or past 31 bits (an Int32 that is not negative), or bytes left over.
 */
export function fromVarints(bytes: Uint8Array, length: number, least: number): Int32Array {
  const values = new Int32Array(length)
  let read = 0
  for (let i = 0; i < length; i++) {
    if (read >= bytes.length) throw new RangeError('Varints cut short')
    let byte = bytes[read++]!
    let value = byte & 127
    let scale = 128
    while (byte > 127) {
      if (read >= bytes.length || scale > 2 ** 28) throw new RangeError('A varint past its bounds')
      byte = bytes[read++]!
      value += (byte & 127) * scale
      scale *= 128
    }
    if (value > 0x7fff_ffff) throw new RangeError('A varint past its bounds')
    values[i] = value + least
  }
  if (read !== bytes.length) throw new RangeError('Varints longer than their numbers')
  return values
}
