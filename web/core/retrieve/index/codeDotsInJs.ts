/**
 * For each of `rows` consecutive rows of `stride` int8 codes of `codes` (from index `offset`), its
 * dot product with the query codes, into `out[0 .. rows)`: the JS twin of the WebAssembly kernel's
 * `codeDots` (`dotKernelWasm.ts`), used where that cannot run. Integer sums below 2^31 are exact in
 * either, so both give the same numbers.
 */
export function codeDotsInJs(
  codes: Int8Array,
  offset: number,
  stride: number,
  rows: number,
  query: Int16Array,
  out: Float64Array,
): void {
  for (let row = 0, base = offset; row < rows; row++, base += stride) {
    let sum = 0
    for (let i = 0; i < stride; i++) sum += codes[base + i]! * query[i]!
    out[row] = sum
  }
}
