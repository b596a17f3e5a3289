/**
 * The dot product of `rows` consecutive rows of `matrix` (from float `offset`, `dims` each) with
 * `query`, into `out[0 .. rows)`: the exact score of a rescored candidate (`VectorIndex`). The
 * order of operations is fixed, so a score is the same bits on every host and in every run: f32
 * products exact in f64, eight running sums over the elements below dims - dims % 8 (sum j takes
 * i = j mod 8), the rest summed in order, then ((s0 + s4) + (s2 + s6)) + ((s1 + s5) + (s3 + s7)) +
 * tail (the order the WebAssembly kernel that scored every row until issue 20 used, so rankings are
 * unchanged). f64 sums keep scores as exact as a plain loop (f32 sums over 384 terms drift by ~1e-7,
 * enough to swap near-ties).
 */
export function dotsInJs(
  matrix: Float32Array,
  offset: number,
  dims: number,
  rows: number,
  query: Float64Array,
  out: Float64Array,
): void {
  const d8 = dims - (dims % 8)
  for (let row = 0, base = offset; row < rows; row++, base += dims) {
    let s0 = 0
    let s1 = 0
    let s2 = 0
    let s3 = 0
    let s4 = 0
    let s5 = 0
    let s6 = 0
    let s7 = 0
    let i = 0
    for (; i < d8; i += 8) {
      const b = base + i
      s0 += query[i]! * matrix[b]!
      s1 += query[i + 1]! * matrix[b + 1]!
      s2 += query[i + 2]! * matrix[b + 2]!
      s3 += query[i + 3]! * matrix[b + 3]!
      s4 += query[i + 4]! * matrix[b + 4]!
      s5 += query[i + 5]! * matrix[b + 5]!
      s6 += query[i + 6]! * matrix[b + 6]!
      s7 += query[i + 7]! * matrix[b + 7]!
    }
    let tail = 0
    for (; i < dims; i++) tail += query[i]! * matrix[base + i]!
    // Two lanes, as the kernel's f64x2 sums were added.
    const lane0 = s0 + s4 + (s2 + s6)
    const lane1 = s1 + s5 + (s3 + s7)
    out[row] = lane0 + lane1 + tail
  }
}
