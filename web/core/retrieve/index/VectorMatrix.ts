import { type DotKernel, instantiateDotKernel } from './dotKernelWasm'
import { dotsInJs } from './dotsInJs'

/** Most rows scored by one `dots` call: the size of the scores buffer. */
export const SCORE_BLOCK_ROWS = 1024

/**
 * From this capacity on, rows live in WebAssembly memory and are scored by the SIMD kernel. Below
 * it the JS loop costs well under a millisecond, and not giving every small index a memory of its
 * own matters: each reserves gigabytes of address space (V8 guards wasm32 memories that way), so a
 * server with thousands of users' indexes would run out of it.
 */
export const WASM_FROM_ROWS = 2048

const PAGE_BYTES = 65_536
const MAX_PAGES = 65_536 // wasm32: 4 GiB

export interface VectorMatrixOptions {
  /** Capacity (rows) from which the WebAssembly kernel is used where it can run; Infinity: never. */
  wasmFromRows?: number
}

/**
 * The rows of a vector index, `dimensions` f32 each, contiguous, with room to grow (capacity
 * doubles), and their dot products with a query, computed by the WebAssembly kernel where it runs
 * and by the same arithmetic in JS elsewhere (`dotKernelWasm.ts`, `dotsInJs.ts`): the scores are
 * the same bits either way, so which one ran never changes a ranking.
 *
 * In WebAssembly mode one memory holds the query (f64), a block of scores (f64) and the rows; it
 * grows in place, but every growth replaces its ArrayBuffer, so `values` must be read again after
 * `reserve`. If it cannot grow (over 4 GiB, or no address space left), the rows move to a plain
 * Float32Array and the JS loop takes over for good.
 */
export class VectorMatrix {
  private capacityRows: number
  private wasmFromRows: number
  private memory: WebAssembly.Memory | null = null
  private kernel: DotKernel | null = null
  private floats: Float32Array<ArrayBuffer>
  private query: Float64Array<ArrayBuffer>
  private scores: Float64Array<ArrayBuffer>
  // Byte offsets inside the memory (WebAssembly mode).
  private readonly queryAt = 0
  private readonly scoresAt: number
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
    this.scoresAt = align16(this.queryAt + dimensions * 8)
    this.rowsAt = align16(this.scoresAt + SCORE_BLOCK_ROWS * 8)
    if (this.capacityRows >= this.wasmFromRows) this.moveToWasm(this.capacityRows, 0)
  }

  get capacity(): number {
    return this.capacityRows
  }

  /** Whether the WebAssembly kernel scores the rows (false: the JS loop). */
  get usesWasm(): boolean {
    return this.kernel !== null
  }

  /** All rows, capacity included: row r is `[r * dimensions, (r + 1) * dimensions)`. Read again after `reserve`. */
  get values(): Float32Array<ArrayBuffer> {
    return this.floats
  }

  /** Room for at least `rows` rows; the first `used` rows are kept (the rest of the capacity is not). */
  reserve(rows: number, used: number): void {
    if (rows <= this.capacityRows) return
    let capacity = this.capacityRows
    while (capacity < rows) capacity *= 2
    if (this.memory !== null && this.growMemory(capacity)) return
    if (this.memory === null && capacity >= this.wasmFromRows && this.moveToWasm(capacity, used)) return
    const floats = new Float32Array(capacity * this.dimensions)
    floats.set(this.floats.subarray(0, used * this.dimensions))
    if (this.memory !== null) {
      // The memory could not grow: leave it, and WebAssembly, behind.
      this.memory = null
      this.kernel = null
      this.wasmFromRows = Infinity
      this.query = new Float64Array(this.dimensions)
      this.scores = new Float64Array(SCORE_BLOCK_ROWS)
    }
    this.floats = floats
    this.capacityRows = capacity
  }

  /** Sets the query that `dots` scores against: `dimensions` values (a unit vector, for cosines). */
  setQuery(query: Float32Array): void {
    this.query.set(query)
  }

  /**
   * Dot products of rows `start .. start + count` (count at most SCORE_BLOCK_ROWS) with the query:
   * in the returned array at `[0, count)`, valid until the next call.
   */
  dots(start: number, count: number): Float64Array {
    if (count > SCORE_BLOCK_ROWS) throw new RangeError(`At most ${SCORE_BLOCK_ROWS} rows per call`)
    const d = this.dimensions
    if (this.kernel !== null) {
      this.kernel(this.rowsAt + start * d * 4, this.queryAt, d, count, this.scoresAt)
    } else {
      dotsInJs(this.floats, start * d, d, count, this.query, this.scores)
    }
    return this.scores
  }

  private moveToWasm(capacity: number, used: number): boolean {
    const pages = this.pagesFor(capacity)
    if (pages > MAX_PAGES) return false
    let memory: WebAssembly.Memory
    let kernel: DotKernel | null
    try {
      memory = new WebAssembly.Memory({ initial: pages })
      kernel = instantiateDotKernel(memory)
    } catch {
      // Out of address space (or memory): stay in JS; a later, larger reserve may try again.
      return false
    }
    if (kernel === null) {
      this.wasmFromRows = Infinity // this host cannot run the kernel at all
      return false
    }
    const old = this.floats.subarray(0, used * this.dimensions)
    this.memory = memory
    this.kernel = kernel
    this.capacityRows = capacity
    this.makeViews()
    this.floats.set(old)
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
    this.query = new Float64Array(buffer, this.queryAt, this.dimensions)
    this.scores = new Float64Array(buffer, this.scoresAt, SCORE_BLOCK_ROWS)
    this.floats = new Float32Array(buffer, this.rowsAt, this.capacityRows * this.dimensions)
  }

  private pagesFor(capacity: number): number {
    return Math.ceil((this.rowsAt + capacity * this.dimensions * 4) / PAGE_BYTES)
  }
}

function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16
}
