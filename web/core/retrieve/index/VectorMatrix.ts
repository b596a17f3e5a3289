import { type VectorKernels, vectorKernels } from './dotKernelWasm'
import { dotsInJs } from './dotsInJs'

/** Most rows scored by one `dots` or `upperBounds` call: the size of their output buffers. */
export const SCORE_BLOCK_ROWS = 1024

/**
 * From this capacity on, rows live in WebAssembly memory and are scored by the SIMD kernels. Below
 * it the JS loop costs well under a millisecond, and not giving every small index a memory of its
 * own matters: each reserves gigabytes of address space (V8 guards wasm32 memories that way), so a
 * server with thousands of users' indexes would run out of it.
 */
export const WASM_FROM_ROWS = 2048

const PAGE_BYTES = 65_536
const MAX_PAGES = 65_536 // wasm32: 4 GiB
/** Codes of a row: -127..127, the row divided by its largest magnitude and scaled. */
const CODE_MAX = 127
// Slack for float rounding in the bounds: the rounding errors involved are below 1e-13.
const ROUNDING = 1e-9
const HALF = 0.5 + 1e-9

export interface VectorMatrixOptions {
  /** Capacity (rows) from which the WebAssembly kernels are used where they can run; Infinity: never. */
  wasmFromRows?: number
}

/**
 * The rows of a vector index, `dimensions` f32 each, contiguous, with room to grow (capacity
 * doubles), and their dot products with a query.
 *
 * Exact scores (`dots`) come from the WebAssembly kernel where it runs and from the same arithmetic
 * in JS elsewhere (`dotKernelWasm.ts`, `dotsInJs.ts`): the same bits either way, so which one ran
 * never changes a ranking.
 *
 * In WebAssembly mode each row also has int8 codes (the row over its scale s = max |x| / 127,
 * rounded) and the query i16 codes (over t = max |q| / Q), and `upperBounds` reads those, a quarter
 * of the bytes, to bound every row's score from above, with
 *   x . q <= t s (c . d) + s (1/2) |q|_1 + t (1/2) s |c|_1   (+ float slack)
 * since x = s c + f with |f_i| <= s/2 and q = t d + e with |e_i| <= t/2, and c . d is exact in i32.
 * A row whose bound cannot beat what the top k already holds is never scored exactly. At 100k x 384
 * the exact pass reads 154 MB and is limited by memory bandwidth; the bound pass reads 38 MB.
 *
 * The codes cost a quarter more memory (plus 16 bytes a row for scale and slack): 100k x 384 is
 * 154 MB of rows and 38 MB of codes. One memory holds the query (f64), the score blocks (f64), the
 * query codes (i16), the rows (f32) and then the codes (i8); it grows in place (never shrinks),
 * but every growth replaces its ArrayBuffer, so
 * `values` must be read again after `reserve`. If it cannot grow (over 4 GiB, or no address space
 * left), the rows move to a plain Float32Array and the JS loop takes over for good.
 */
export class VectorMatrix {
  private capacityRows: number
  private wasmFromRows: number
  private memory: WebAssembly.Memory | null = null
  private kernels: VectorKernels | null = null
  private floats: Float32Array<ArrayBuffer>
  private query: Float64Array<ArrayBuffer>
  private scores: Float64Array<ArrayBuffer>
  // WebAssembly mode only.
  private codes = new Int8Array(0)
  private queryCodes = new Int16Array(0)
  private codeSums = new Float64Array(0)
  private rowScale = new Float64Array(0)
  /** Per row: scale * sum of |codes|. */
  private rowSlack = new Float64Array(0)
  private queryStep = 0
  private queryL1 = 0
  /** Codes per row: dimensions rounded up to a multiple of 8 (the kernel's step), padded with 0. */
  private readonly stride: number
  /** Largest query code: keeps |c . d| <= 127 * max * stride below 2^31. */
  private readonly queryCodeMax: number
  // Byte offsets inside the memory; the codes start after the rows, so theirs moves as rows grow.
  private readonly queryAt = 0
  private readonly scoresAt: number
  private readonly codeSumsAt: number
  private readonly queryCodesAt: number
  private readonly rowsAt: number

  constructor(
    readonly dimensions: number,
    initialRows: number,
    options: VectorMatrixOptions = {},
  ) {
    this.capacityRows = Math.max(1, initialRows)
    this.wasmFromRows = options.wasmFromRows ?? WASM_FROM_ROWS
    this.floats = new Float32Array(this.capacityRows * dimensions)
    this.query = new Float64Array(dimensions)
    this.scores = new Float64Array(SCORE_BLOCK_ROWS)
    this.stride = Math.ceil(dimensions / 8) * 8
    this.queryCodeMax = Math.min(32_767, Math.floor(0x7fffffff / (CODE_MAX * this.stride)))
    this.scoresAt = align16(this.queryAt + dimensions * 8)
    this.codeSumsAt = this.scoresAt + SCORE_BLOCK_ROWS * 8
    this.queryCodesAt = this.codeSumsAt + SCORE_BLOCK_ROWS * 8
    this.rowsAt = align16(this.queryCodesAt + this.stride * 2)
    if (this.capacityRows >= this.wasmFromRows) this.moveToWasm(this.capacityRows, 0)
  }

  get capacity(): number {
    return this.capacityRows
  }

  /** Whether the WebAssembly kernels score the rows (false: the JS loop, and no bounds). */
  get usesWasm(): boolean {
    return this.kernels !== null
  }

  /** All rows, capacity included: row r is `[r * dimensions, (r + 1) * dimensions)`. Read only; again after `reserve`. */
  get values(): Float32Array<ArrayBuffer> {
    return this.floats
  }

  /** Room for at least `rows` rows; the first `used` rows are kept (the rest of the capacity is not). */
  reserve(rows: number, used: number): void {
    if (rows <= this.capacityRows) return
    let capacity = this.capacityRows
    while (capacity < rows) capacity *= 2
    if (this.memory !== null && this.growMemory(capacity, used)) return
    if (this.memory === null && capacity >= this.wasmFromRows && this.moveToWasm(capacity, used)) return
    const floats = new Float32Array(capacity * this.dimensions)
    floats.set(this.floats.subarray(0, used * this.dimensions))
    if (this.memory !== null) {
      // The memory could not grow: leave it, and WebAssembly, behind.
      this.memory = null
      this.kernels = null
      this.wasmFromRows = Infinity
      this.query = new Float64Array(this.dimensions)
      this.scores = new Float64Array(SCORE_BLOCK_ROWS)
      this.codes = new Int8Array(0)
      this.rowScale = new Float64Array(0)
      this.rowSlack = new Float64Array(0)
    }
    this.floats = floats
    this.capacityRows = capacity
  }

  /** Sets row `row` to `vector` times `scale` (0: a zero row). */
  writeRow(row: number, vector: ArrayLike<number>, scale: number): void {
    const base = row * this.dimensions
    for (let i = 0; i < this.dimensions; i++) this.floats[base + i] = scale === 0 ? 0 : vector[i]! * scale
    if (this.kernels !== null) this.encodeRow(row)
  }

  /** Copies row `from` over row `to`. */
  copyRow(from: number, to: number): void {
    const d = this.dimensions
    this.floats.copyWithin(to * d, from * d, from * d + d)
    if (this.kernels === null) return
    this.codes.copyWithin(to * this.stride, from * this.stride, (from + 1) * this.stride)
    this.rowScale[to] = this.rowScale[from]!
    this.rowSlack[to] = this.rowSlack[from]!
  }

  /** Sets the first `count` rows from `values` (after `reserve(count, 0)`). */
  load(values: Float32Array, count: number): void {
    this.floats.set(values.subarray(0, count * this.dimensions))
    if (this.kernels !== null) for (let row = 0; row < count; row++) this.encodeRow(row)
  }

  /** Sets the query that `dots` and `upperBounds` score against: `dimensions` finite values. */
  setQuery(query: Float32Array): void {
    this.query.set(query)
    if (this.kernels === null) return
    let largest = 0
    let l1 = 0
    for (let i = 0; i < query.length; i++) {
      const magnitude = Math.abs(query[i]!)
      l1 += magnitude
      if (magnitude > largest) largest = magnitude
    }
    const step = largest / this.queryCodeMax
    this.queryCodes.fill(0)
    if (step > 0) {
      for (let i = 0; i < query.length; i++) this.queryCodes[i] = Math.round(query[i]! / step)
    }
    this.queryStep = step
    this.queryL1 = l1
  }

  /**
   * Dot products of rows `start .. start + count` (count at most SCORE_BLOCK_ROWS) with the query:
   * in the returned array at `[0, count)`, valid until the next call.
   */
  dots(start: number, count: number): Float64Array {
    if (count > SCORE_BLOCK_ROWS) throw new RangeError(`At most ${SCORE_BLOCK_ROWS} rows per call`)
    const d = this.dimensions
    if (this.kernels !== null) {
      this.kernels.dots(this.rowsAt + start * d * 4, this.queryAt, d, count, this.scoresAt)
    } else {
      dotsInJs(this.floats, start * d, d, count, this.query, this.scores)
    }
    return this.scores
  }

  /**
   * For rows `start .. start + count` (at most SCORE_BLOCK_ROWS), numbers at least as large as
   * their `dots`, at `[0, count)` of the returned array (valid until the next call); null where
   * there are no codes (JS mode): then every row must be scored exactly.
   */
  upperBounds(start: number, count: number): Float64Array | null {
    if (this.kernels === null) return null
    if (count > SCORE_BLOCK_ROWS) throw new RangeError(`At most ${SCORE_BLOCK_ROWS} rows per call`)
    const { stride, codeSums, rowScale, rowSlack, queryStep } = this
    this.kernels.codeDots(
      this.codesAt(this.capacityRows) + start * stride,
      this.queryCodesAt,
      stride,
      count,
      this.codeSumsAt,
    )
    const rowError = HALF * this.queryL1
    const queryError = HALF * queryStep
    for (let i = 0, row = start; i < count; i++, row++) {
      codeSums[i] =
        rowScale[row]! * (queryStep * codeSums[i]! + rowError) + rowSlack[row]! * queryError + ROUNDING
    }
    return codeSums
  }

  private encodeRow(row: number): void {
    const d = this.dimensions
    const base = row * d
    let largest = 0
    for (let i = 0; i < d; i++) largest = Math.max(largest, Math.abs(this.floats[base + i]!))
    const scale = largest / CODE_MAX
    const at = row * this.stride
    let l1 = 0
    for (let i = 0; i < this.stride; i++) {
      const code =
        i < d && scale > 0
          ? Math.max(-CODE_MAX, Math.min(CODE_MAX, Math.round(this.floats[base + i]! / scale)))
          : 0
      this.codes[at + i] = code
      l1 += Math.abs(code)
    }
    this.rowScale[row] = scale
    this.rowSlack[row] = scale * l1
  }

  private moveToWasm(capacity: number, used: number): boolean {
    const pages = this.pagesFor(capacity)
    if (pages > MAX_PAGES) return false
    let memory: WebAssembly.Memory
    let kernels: VectorKernels | null
    try {
      memory = new WebAssembly.Memory({ initial: pages })
      kernels = vectorKernels(memory)
    } catch {
      // Out of address space (or memory): stay in JS; a later, larger reserve may try again.
      return false
    }
    if (kernels === null) {
      this.wasmFromRows = Infinity // this host cannot run the kernels at all
      return false
    }
    const old = this.floats.subarray(0, used * this.dimensions)
    this.memory = memory
    this.kernels = kernels
    this.capacityRows = capacity
    this.rowScale = new Float64Array(capacity)
    this.rowSlack = new Float64Array(capacity)
    this.makeViews()
    this.load(old, used)
    return true
  }

  private growMemory(capacity: number, used: number): boolean {
    const memory = this.memory!
    const pages = this.pagesFor(capacity)
    const current = memory.buffer.byteLength / PAGE_BYTES
    if (pages > MAX_PAGES) return false
    try {
      if (pages > current) memory.grow(pages - current)
    } catch {
      return false
    }
    // The codes sit after the rows: move them up to where the larger row area ends.
    const from = this.codesAt(this.capacityRows)
    new Uint8Array(memory.buffer).copyWithin(this.codesAt(capacity), from, from + used * this.stride)
    this.capacityRows = capacity
    this.rowScale = grow(this.rowScale, capacity)
    this.rowSlack = grow(this.rowSlack, capacity)
    this.makeViews()
    return true
  }

  private makeViews(): void {
    const buffer = this.memory!.buffer
    const capacity = this.capacityRows
    this.query = new Float64Array(buffer, this.queryAt, this.dimensions)
    this.scores = new Float64Array(buffer, this.scoresAt, SCORE_BLOCK_ROWS)
    this.codeSums = new Float64Array(buffer, this.codeSumsAt, SCORE_BLOCK_ROWS)
    this.queryCodes = new Int16Array(buffer, this.queryCodesAt, this.stride)
    this.floats = new Float32Array(buffer, this.rowsAt, capacity * this.dimensions)
    this.codes = new Int8Array(buffer, this.codesAt(capacity), capacity * this.stride)
  }

  private codesAt(capacity: number): number {
    return align16(this.rowsAt + capacity * this.dimensions * 4)
  }

  private pagesFor(capacity: number): number {
    return Math.ceil((this.codesAt(capacity) + capacity * this.stride) / PAGE_BYTES)
  }
}

function grow(values: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(capacity)
  grown.set(values)
  return grown
}

function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16
}
