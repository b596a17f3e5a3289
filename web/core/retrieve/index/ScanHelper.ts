/**
 * A second thread that sums code dots for a vector index's rows alongside the calling thread
 * (`VectorMatrix.sharedDots`): at a million rows the one pass over 384 MB of codes is most of a
 * search, and one core reads them at about 6 GB/s. Hosts that have threads and shared
 * memory register one (`useScanHelper`: the Node server, its benches); without one, a search sums
 * every row on its own thread, with the same results.
 */
export interface ScanHelper {
  /**
   * Works on `job` on the helper thread until no block is left to claim; resolves then, rejects if
   * the helper failed (the caller sums any block left unfinished).
   */
  codeDots(job: CodeDotsJob): Promise<void>
}

/**
 * Rows `start .. start + count` of a shared memory's codes, dotted with `query` by the kernel of
 * `module` (`dotKernelWasm.ts`, built for a shared memory), `blockRows` at a time. A thread claims
 * block b by `Atomics.add(claims, 0, 1)` returning b (none left from the block count on), sums it,
 * copies its sums to `out` from b * blockRows, then sets `finished[b]` to 1 (atomically: the other
 * thread reads that block of `out` after seeing it). The helper owns a scratch area of the memory
 * (`queryAt`: room for the query codes; `sumsAt`: one block of f64 sums).
 */
export interface CodeDotsJob {
  module: WebAssembly.Module
  memory: WebAssembly.Memory
  queryAt: number
  sumsAt: number
  /** Where row 0's codes start, and codes per row. */
  codesAt: number
  stride: number
  start: number
  count: number
  /** The query's i16 codes, `stride` of them. */
  query: Int16Array
  /** Rows summed per kernel call: the scratch area's block. */
  blockRows: number
  /** Over SharedArrayBuffers: the sums (at least `count`), the next block to claim, a flag per block. */
  out: Float64Array
  claims: Int32Array
  finished: Uint8Array
}

let registered: ScanHelper | null = null

/** Makes `helper` the one vector indexes made from now on use (null: none, every row summed in place). */
export function useScanHelper(helper: ScanHelper | null): void {
  registered = helper
}

/** The registered helper, or null. */
export function scanHelper(): ScanHelper | null {
  return registered
}
