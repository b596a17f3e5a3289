import { codeDotsInJs } from './codeDotsInJs'
import { codeStride, type EncodedRows } from './VectorRows'
import { type VectorKernels, vectorKernelModule, vectorKernels } from './dotKernelWasm'
import { type CodeDotsJob, type ScanHelper, scanHelper } from './ScanHelper'

/** Most rows estimated by one `estimates` call: the size of its output buffers. */
export const SCORE_BLOCK_ROWS = 1024

/**
 * From this capacity on, codes live in WebAssembly memory and are summed by the SIMD kernel. Below
 * it the JS loop costs well under a millisecond, and not giving every small index a memory of its
 * own matters: each reserves gigabytes of address space (V8 guards wasm32 memories that way), so a
 * server with thousands of users' indexes would run out of it.
 */
export const WASM_FROM_ROWS = 2048

/**
 * From this many rows on, a search shares its pass over the codes with the registered `ScanHelper`
 * (when there is one). Below it the whole pass takes a few milliseconds, and a round trip to the
 * helper thread about 0.1 ms.
 */
export const HELPER_FROM_ROWS = 32_768

const PAGE_BYTES = 65_536
const MAX_PAGES = 65_536 // wasm32: 4 GiB
/** Codes of a row: -127..127, the row divided by its largest magnitude and scaled. */
const CODE_MAX = 127
// Slack for float rounding in the bounds: the rounding errors involved are below 1e-13.
const ROUNDING = 1e-9
const HALF = 0.5 + 1e-9

export interface VectorMatrixOptions {
  /** Capacity (rows) from which the WebAssembly kernel is used where it can run; Infinity: never. */
  wasmFromRows?: number
  /** Rows from which a search shares its pass with the `ScanHelper`; Infinity: never. */
  helperFromRows?: number
}

/** `SharedDots.finish`'s callback: rows `first .. first + count` (of the pass) have their sums at `sums[from + i]`. */
type SharedBound = (sums: Float64Array, from: number, first: number, count: number) => void

/** A pass `VectorMatrix.sharedDots` started. */
export interface SharedDots {
  /**
   * Once the caller's own work is done, sums on this thread the blocks the helper has not claimed
   * (or has not finished, once none is left to claim), and calls `bound` once per block as its sums
   * are ready, in no set order: rows `start + first .. start + first + count`, row `start + first +
   * i`'s sum at `sums[from + i]` (valid during the call only).
   */
  finish(bound: SharedBound): Promise<void>
}

/** What a row's bounds need of the query set by `setQuery` (kept by a search that shares its pass). */
export interface QueryBounds {
  step: number
  l1: number
  l2: number
}

/**
 * The rows of a vector index in compact form: per row `dimensions` int8 codes c (padded to a
 * multiple of 8), its step s = max |x| / 127 and the length of what rounding lost, |x - s c|_2. At
 * 384 dimensions that is 400 bytes a row against 1,536 for the f32 row, which is not kept: the exact
 * score of a row is computed from its stored vector (`VectorIndex.search` reads it back).
 *
 * `estimates` gives, for a block of rows, an interval certain to hold each row's exact score x . q
 * (x the f32 unit row as `unitRow` makes it, q the unit query). With the query's i16 codes d over
 * its step t (|q - t d|_i <= t/2) and f = x - s c (|f_i| <= s/2):
 *   x . q = s t (c . d) + s c . (q - t d) + f . q
 *   |s c . (q - t d)| <= s |c|_1 t/2,   |f . q| <= min(s/2 |q|_1, |f|_2 |q|_2)
 * and c . d is exact in i32, from the WebAssembly SIMD kernel where it runs (`dotKernelWasm.ts`) and
 * the same integers in JS elsewhere (`codeDotsInJs.ts`), so the intervals never depend on the host.
 *
 * In WebAssembly mode one memory holds the query codes (i16), the output block (f64) and then the
 * codes, which come last so the memory grows in place (never shrinks); if it cannot grow (over
 * 4 GiB, or no address space left), the codes move to a plain Int8Array and the JS loop takes over
 * for good.
 */
export class VectorMatrix {
  private capacityRows: number
  private wasmFromRows: number
  private memory: WebAssembly.Memory | null = null
  private kernels: VectorKernels | null = null
  /** The helper thread that sums part of a search's rows: set when the memory is shared with it. */
  private helper: ScanHelper | null = null
  private readonly helperFromRows: number
  /**
   * Where the helper writes its sums (over a SharedArrayBuffer, a row of capacity each), reused by
   * every pass but one that starts while another is in progress (that one gets its own).
   */
  private helperSums: Float64Array | null = null
  private helperSumsBusy = false
  private codes: Int8Array<ArrayBuffer>
  private queryCodes: Int16Array<ArrayBuffer>
  private sums: Float64Array<ArrayBuffer>
  private scales: Float64Array<ArrayBuffer>
  private residuals: Float64Array<ArrayBuffer>
  /** Per row: s |c|_1. */
  private slacks: Float64Array<ArrayBuffer>
  /**
   * At least every row's residual and slack (rows removed since may have held them): bound every
   * row's interval radius at once, so that `reachingFrom` drops most rows on their centre alone.
   */
  private largestResidual = 0
  private largestSlack = 0
  /** `reaching`'s output: rows and their intervals. */
  readonly reached = {
    rows: new Int32Array(SCORE_BLOCK_ROWS),
    low: new Float64Array(SCORE_BLOCK_ROWS),
    high: new Float64Array(SCORE_BLOCK_ROWS),
  }
  private query: QueryBounds = { step: 0, l1: 0, l2: 0 }
  /** Codes per row: dimensions rounded up to a multiple of 8 (the kernel's step), padded with 0. */
  readonly stride: number
  /** Largest query code: keeps |c . d| <= 127 * max * stride below 2^31. */
  private readonly queryCodeMax: number
  // Byte offsets inside the memory: this thread's query codes and block of sums, the helper's (the
  // same two), then the codes.
  private readonly queryCodesAt = 0
  private readonly sumsAt: number
  private readonly helperQueryAt: number
  private readonly helperSumsAt: number
  private readonly codesAt: number

  constructor(
    readonly dimensions: number,
    initialRows: number,
    options: VectorMatrixOptions = {},
  ) {
    this.capacityRows = Math.max(1, initialRows)
    this.wasmFromRows = options.wasmFromRows ?? WASM_FROM_ROWS
    this.helperFromRows = options.helperFromRows ?? HELPER_FROM_ROWS
    this.stride = codeStride(dimensions)
    this.queryCodeMax = Math.min(32_767, Math.floor(0x7fffffff / (CODE_MAX * this.stride)))
    this.sumsAt = align16(this.queryCodesAt + this.stride * 2)
    this.helperQueryAt = this.sumsAt + SCORE_BLOCK_ROWS * 8
    this.helperSumsAt = align16(this.helperQueryAt + this.stride * 2)
    this.codesAt = this.helperSumsAt + SCORE_BLOCK_ROWS * 8
    this.codes = new Int8Array(this.capacityRows * this.stride)
    this.queryCodes = new Int16Array(this.stride)
    this.sums = new Float64Array(SCORE_BLOCK_ROWS)
    this.scales = new Float64Array(this.capacityRows)
    this.residuals = new Float64Array(this.capacityRows)
    this.slacks = new Float64Array(this.capacityRows)
    if (this.capacityRows >= this.wasmFromRows) this.moveToWasm(this.capacityRows, 0)
  }

  get capacity(): number {
    return this.capacityRows
  }

  /**
   * Bytes of WebAssembly memory shared with the helper thread (0 when not shared): Node's
   * `process.memoryUsage()` counts a memory of one thread in `external`, a shared one nowhere.
   */
  get sharedBytes(): number {
    return this.helper === null ? 0 : this.memory!.buffer.byteLength
  }

  /** Whether the WebAssembly kernel sums the codes (false: the JS loop, same integers). */
  get usesWasm(): boolean {
    return this.kernels !== null
  }

  /** Bytes held per row of capacity (codes, step, residual, slack). */
  get bytesPerRow(): number {
    return this.stride + 3 * 8
  }

  /** Room for at least `rows` rows; the first `used` rows are kept (the rest of the capacity is not). */
  reserve(rows: number, used: number): void {
    if (rows <= this.capacityRows) return
    let capacity = this.capacityRows
    while (capacity < rows) capacity *= 2
    this.scales = grow(this.scales, capacity)
    this.residuals = grow(this.residuals, capacity)
    this.slacks = grow(this.slacks, capacity)
    if (this.memory !== null && this.growMemory(capacity)) return
    if (this.memory === null && capacity >= this.wasmFromRows && this.moveToWasm(capacity, used)) return
    const codes = new Int8Array(capacity * this.stride)
    codes.set(this.codes.subarray(0, used * this.stride))
    if (this.memory !== null) {
      // The memory could not grow: leave it, and WebAssembly, behind.
      this.memory = null
      this.kernels = null
      this.helper = null
      this.wasmFromRows = Infinity
      this.queryCodes = new Int16Array(this.stride)
      this.sums = new Float64Array(SCORE_BLOCK_ROWS)
    }
    this.codes = codes
    this.capacityRows = capacity
  }

  /** Encodes `unit` (`dimensions` finite f32, the row as `unitRow` made it) as row `row`. */
  writeRow(row: number, unit: Float32Array): void {
    const d = this.dimensions
    let largest = 0
    for (let i = 0; i < d; i++) largest = Math.max(largest, Math.abs(unit[i]!))
    const scale = largest / CODE_MAX
    const at = row * this.stride
    let l1 = 0
    let residual = 0
    for (let i = 0; i < this.stride; i++) {
      const code =
        i < d && scale > 0 ? Math.max(-CODE_MAX, Math.min(CODE_MAX, Math.round(unit[i]! / scale))) : 0
      this.codes[at + i] = code
      l1 += Math.abs(code)
      if (i < d) residual += (unit[i]! - scale * code) ** 2
    }
    this.scales[row] = scale
    this.residuals[row] = Math.sqrt(residual)
    this.slacks[row] = scale * l1
    this.largestResidual = Math.max(this.largestResidual, this.residuals[row])
    this.largestSlack = Math.max(this.largestSlack, this.slacks[row])
  }

  /** Copies row `from` over row `to`. */
  copyRow(from: number, to: number): void {
    this.codes.copyWithin(to * this.stride, from * this.stride, (from + 1) * this.stride)
    this.scales[to] = this.scales[from]!
    this.residuals[to] = this.residuals[from]!
    this.slacks[to] = this.slacks[from]!
  }

  /** The first `count` rows as kept (views, valid until the next change): what `load` takes back. */
  encoded(count: number): EncodedRows {
    return {
      codes: this.codes.subarray(0, count * this.stride),
      scales: this.scales.subarray(0, count),
      residuals: this.residuals.subarray(0, count),
    }
  }

  /**
   * Sets rows `from .. to` from `encoded`'s output (after `reserve(to, 0)`; rows loaded in order from
   * 0, a range at a time or all at once, into a matrix that had none). Throws a RangeError on a code
   * of -128 (the bounds hold only for codes within -127..127): bytes read back are checked here, in the
   * one pass over the codes that sums each row's |c|_1 (the WebAssembly kernel's `codeL1s` where it
   * runs: in JS this pass was most of loading 100,000 vectors).
   */
  load(rows: EncodedRows, from: number, to: number): void {
    const { stride, scales, slacks } = this
    const codes = this.codes
    codes.set(rows.codes.subarray(from * stride, to * stride), from * stride)
    scales.set(rows.scales.subarray(from, to), from)
    this.residuals.set(rows.residuals.subarray(from, to), from)
    let lowest = 0
    if (this.kernels !== null) {
      // The kernel keeps the largest magnitude per lane in 16 bytes: the query codes' place, which
      // the next search sets again. A magnitude of 128 is a code of -128.
      const largest = new Uint8Array(this.memory!.buffer, this.queryCodesAt, 16)
      largest.fill(0)
      for (let start = from; start < to; start += SCORE_BLOCK_ROWS) {
        const n = Math.min(SCORE_BLOCK_ROWS, to - start)
        this.kernels.codeL1s(this.codesAt + start * stride, stride, n, this.sumsAt, this.queryCodesAt)
        for (let i = 0; i < n; i++) slacks[start + i] = scales[start + i]! * this.sums[i]!
      }
      if (largest.some((magnitude) => magnitude > CODE_MAX)) lowest = -CODE_MAX - 1
    } else {
      for (let row = from, i = from * stride; row < to; row++) {
        let l1 = 0
        for (const end = i + stride; i < end; i++) {
          const code = codes[i]!
          l1 += Math.abs(code)
          if (code < lowest) lowest = code
        }
        slacks[row] = scales[row]! * l1
      }
    }
    if (lowest < -CODE_MAX) throw new RangeError('Cannot read vector index: a code is out of range')
    // NaN (bytes that are not numbers) stays NaN: then no row is dropped early.
    let residual = this.largestResidual
    let slack = this.largestSlack
    for (let row = from; row < to; row++) {
      residual = Math.max(residual, this.residuals[row]!)
      slack = Math.max(slack, slacks[row]!)
    }
    this.largestResidual = residual
    this.largestSlack = slack
  }

  /**
   * Sets the query that `estimates` and `reaching` bound scores against (`dimensions` finite
   * values); returns what `reachingFrom` needs of it once another search may have set its own.
   */
  setQuery(query: Float32Array): QueryBounds {
    let largest = 0
    let l1 = 0
    let l2 = 0
    for (let i = 0; i < query.length; i++) {
      const magnitude = Math.abs(query[i]!)
      l1 += magnitude
      l2 += magnitude * magnitude
      if (magnitude > largest) largest = magnitude
    }
    const step = largest / this.queryCodeMax
    this.queryCodes.fill(0)
    if (step > 0) {
      for (let i = 0; i < query.length; i++) this.queryCodes[i] = Math.round(query[i]! / step)
    }
    this.query = { step, l1, l2: Math.sqrt(l2) }
    return this.query
  }

  /**
   * For rows `start .. start + count` (at most SCORE_BLOCK_ROWS), an interval holding each row's
   * exact dot product with the query: `low[i] <= x . q <= high[i]`, at `[0, count)` of the returned
   * arrays, valid until the next call.
   */
  estimates(start: number, count: number): { low: Float64Array; high: Float64Array } {
    this.reaching(start, count, -Infinity)
    return { low: this.reached.low, high: this.reached.high }
  }

  /**
   * Of rows `start .. start + count` (at most SCORE_BLOCK_ROWS), those whose upper bound is at least
   * `level`, in row order, with their intervals (as `estimates` gives them): at `[0, n)` of
   * `reached`, valid until the next call; returns n. A search keeps only rows reaching the k-th best
   * lower bound so far, so most rows cost their code sum and one bound, with no interval written.
   */
  reaching(start: number, count: number, level: number): number {
    if (count > SCORE_BLOCK_ROWS) throw new RangeError(`At most ${SCORE_BLOCK_ROWS} rows per call`)
    this.dotsInPlace(start, count)
    return this.reachingFrom(this.sums, 0, start, count, level, this.query)
  }

  /**
   * As `reaching`, with the rows' code dots already summed (by `sharedDots`): row `start + i`'s at
   * `sums[from + i]`, against the query `bounds` stood for.
   */
  reachingFrom(
    sums: Float64Array,
    from: number,
    start: number,
    count: number,
    level: number,
    bounds: QueryBounds,
  ): number {
    if (count > SCORE_BLOCK_ROWS) throw new RangeError(`At most ${SCORE_BLOCK_ROWS} rows per call`)
    const { scales, residuals, slacks } = this
    const { rows, low, high } = this.reached
    const rowError = HALF * bounds.l1
    const queryError = HALF * bounds.step
    const l2 = bounds.l2 * (1 + 1e-12)
    const step = bounds.step
    // No row's radius exceeds this one's, so a centre below `drop` cannot reach `level` (less
    // rounding slack again, for the subtraction): most rows cost two loads and one comparison.
    const drop = level - (this.largestResidual * l2 + this.largestSlack * queryError + 2 * ROUNDING)
    let n = 0
    for (let i = 0, row = start; i < count; i++, row++) {
      const scale = scales[row]!
      const centre = scale * step * sums[from + i]!
      if (centre < drop) continue
      const radius = Math.min(scale * rowError, residuals[row]! * l2) + slacks[row]! * queryError + ROUNDING
      const upper = centre + radius
      if (upper < level) continue
      rows[n] = row
      low[n] = centre - radius
      high[n++] = upper
    }
    return n
  }

  /**
   * Starts summing the code dots of rows `start .. start + count` with the query set last, shared
   * with the helper thread: a block of rows at a time, each claimed by whichever thread gets to it
   * first, so the two finish together whatever else this thread does first (BM25, in a hybrid
   * search). Null when this matrix has no helper or the rows are too few for one. The query's codes
   * go with the job, so a query set meanwhile changes nothing; a change to the rows meanwhile does,
   * which the caller checks.
   */
  sharedDots(start: number, count: number): SharedDots | null {
    const helper = this.helper
    if (helper === null || count < this.helperFromRows) return null
    const blocks = Math.ceil(count / SCORE_BLOCK_ROWS)
    // The helper works through its jobs in order, and this thread reads a block of `out` only once
    // the current job's flag says the helper wrote it for this job: a late write of an earlier job
    // (one this thread finished without waiting) came before that. So one array serves pass after
    // pass; only a pass started while another is in progress needs one of its own.
    const kept = !this.helperSumsBusy
    if (kept && (this.helperSums === null || this.helperSums.length < count)) {
      this.helperSums = new Float64Array(new SharedArrayBuffer(Math.max(count, this.capacityRows) * 8))
    }
    const out = kept ? this.helperSums! : new Float64Array(new SharedArrayBuffer(count * 8))
    this.helperSumsBusy = true
    const job: CodeDotsJob = {
      module: vectorKernelModule(true)!,
      memory: this.memory!,
      queryAt: this.helperQueryAt,
      sumsAt: this.helperSumsAt,
      codesAt: this.codesAt,
      stride: this.stride,
      start,
      count,
      query: this.queryCodes.slice(),
      blockRows: SCORE_BLOCK_ROWS,
      out,
      claims: new Int32Array(new SharedArrayBuffer(4)),
      finished: new Uint8Array(new SharedArrayBuffer(blocks)),
    }
    // A failed helper has left blocks unclaimed or unfinished: this thread sums them.
    helper.codeDots(job).catch(() => undefined)
    return {
      finish: async (bound) => {
        await null // the caller's own work first: the helper sums meanwhile
        try {
          this.finishShared(job, blocks, bound)
        } finally {
          if (kept) this.helperSumsBusy = false
        }
      },
    }
  }

  /**
   * The blocks of `job` left, summed here (into this thread's own block of sums, bounded from
   * there), and the helper's finished ones bounded as they are found (it claims in increasing
   * order, so one cursor finds them). Once no block is left to claim, a block the helper still holds
   * (its thread descheduled, or dead) is summed again here rather than waited for: a search never
   * waits on the helper.
   */
  private finishShared(job: CodeDotsJob, blocks: number, bound: SharedBound): void {
    const rowsOf = (block: number) => Math.min(SCORE_BLOCK_ROWS, job.count - block * SCORE_BLOCK_ROWS)
    const bounded = new Uint8Array(blocks)
    const boundHelpers = (block: number) => {
      bounded[block] = 1
      bound(job.out, block * SCORE_BLOCK_ROWS, block * SCORE_BLOCK_ROWS, rowsOf(block))
    }
    const sumHere = (block: number) => {
      bounded[block] = 1
      this.dotsInPlace(job.start + block * SCORE_BLOCK_ROWS, rowsOf(block))
      bound(this.sums, 0, block * SCORE_BLOCK_ROWS, rowsOf(block))
    }
    let cursor = 0
    this.queryCodes.set(job.query) // another search may have set its own meanwhile
    for (let block = Atomics.add(job.claims, 0, 1); block < blocks; block = Atomics.add(job.claims, 0, 1)) {
      sumHere(block)
      for (; cursor < blocks; cursor++) {
        if (bounded[cursor] === 1) continue
        if (Atomics.load(job.finished, cursor) === 0) break
        boundHelpers(cursor)
      }
    }
    for (let block = cursor; block < blocks; block++) {
      if (bounded[block] === 1) continue
      if (Atomics.load(job.finished, block) === 1) boundHelpers(block)
      else sumHere(block)
    }
  }

  /** Code dots of rows `start .. start + count` (at most a block) into `sums`. */
  private dotsInPlace(start: number, count: number): void {
    const { stride, sums } = this
    if (this.kernels !== null) {
      this.kernels.codeDots(this.codesAt + start * stride, this.queryCodesAt, stride, count, this.sumsAt)
    } else {
      codeDotsInJs(this.codes, start * stride, stride, count, this.queryCodes, sums)
    }
  }

  private moveToWasm(capacity: number, used: number): boolean {
    const pages = this.pagesFor(capacity)
    if (pages > MAX_PAGES) return false
    let memory: WebAssembly.Memory
    let kernels: VectorKernels | null
    const helper = scanHelper()
    let shared = helper !== null && vectorKernelModule(true) !== null
    try {
      // Shared with the helper thread when there is one: such a memory must state its maximum.
      memory = shared
        ? new WebAssembly.Memory({ initial: pages, maximum: MAX_PAGES, shared: true })
        : new WebAssembly.Memory({ initial: pages })
      kernels = vectorKernels(memory, shared)
    } catch {
      if (!shared) return false // out of address space (or memory): stay in JS; a later reserve may try again
      shared = false
      try {
        memory = new WebAssembly.Memory({ initial: pages })
        kernels = vectorKernels(memory)
      } catch {
        return false
      }
    }
    if (kernels === null) {
      this.wasmFromRows = Infinity // this host cannot run the kernel at all
      return false
    }
    const old = this.codes.subarray(0, used * this.stride)
    this.memory = memory
    this.kernels = kernels
    this.helper = shared ? helper : null
    this.capacityRows = capacity
    this.makeViews()
    this.codes.set(old)
    return true
  }

  private growMemory(capacity: number): boolean {
    const memory = this.memory!
    const pages = this.pagesFor(capacity)
    const current = memory.buffer.byteLength / PAGE_BYTES
    if (pages > MAX_PAGES) return false
    try {
      if (pages > current) memory.grow(pages - current)
    } catch {
      return false
    }
    this.capacityRows = capacity
    this.makeViews()
    return true
  }

  private makeViews(): void {
    const buffer = this.memory!.buffer
    this.queryCodes = new Int16Array(buffer, this.queryCodesAt, this.stride)
    this.sums = new Float64Array(buffer, this.sumsAt, SCORE_BLOCK_ROWS)
    this.codes = new Int8Array(buffer, this.codesAt, this.capacityRows * this.stride)
  }

  private pagesFor(capacity: number): number {
    return Math.ceil((this.codesAt + capacity * this.stride) / PAGE_BYTES)
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
