/**
 * BM25's chunk codes in a snapshot ("QBM4", `bm25Bytes.ts`) as runs. At 139k passages the chunks'
 * collection and document codes took 1.1 MB as Int32 words of the 25 MB a browser's cold start read
 * (bench/README.md, browser-large, session 51): a document's chunks are added together, so their codes
 * come in long runs (one per document), and `fill` writes a run back.
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
