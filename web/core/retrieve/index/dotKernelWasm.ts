import {
  EMPTY_BLOCK,
  I32,
  V128,
  brIf0,
  get,
  i32,
  memarg,
  op,
  set,
  simd,
  simdOp,
  tee,
  v128Zero,
  wasmModule,
} from './wasmBytes'

/**
 * Hand-assembled WebAssembly SIMD functions over an imported memory (`env.memory`), all arguments
 * i32 byte addresses or counts, results written to memory:
 *
 *   codeDots(codes, query, stride, count, out)
 *     For each of `count` consecutive rows of `stride` i8 codes from `codes` (stride a multiple of
 *     8), its dot product with `stride` i16 query codes at `query`, exact in i32 (the caller keeps
 *     |sum| < 2^31), written as one f64 per row. `VectorMatrix` bounds every row's score with it,
 *     reading a quarter of the bytes f32 rows would take (and `codeDotsInJs` gives the same sums
 *     where this cannot run).
 *
 *   codeL1s(codes, stride, count, out, largest)
 *     For each of `count` rows of `stride` i8 codes from `codes` (stride a multiple of 8), the sum of
 *     its codes' magnitudes |c|_1, as one f64 per row at `out`; and at `largest` (16 bytes), the
 *     largest magnitude seen per lane, as u8, kept from call to call (128 only for a code of -128).
 *     A restored index's bounds need every row's |c|_1 (`VectorMatrix.load`): in JS that pass over
 *     38 MB of codes took most of loading 100,000 vectors.
 *
 * Needs SIMD (Chromium 91, Firefox 89, Safari 16.4, Node 16.4); where `WebAssembly.validate` refuses
 * the module or compiling is forbidden (a CSP without 'wasm-unsafe-eval'), `vectorKernels` answers
 * null and the caller uses the JS loop.
 */

const ADDRESS_PARAMS = [I32, I32, I32, I32, I32]

// codeDots: the parameters, then its locals.
const CODES = 0 // start of the current row of codes
const CODE_QUERY = 1
const STRIDE = 2
const CODE_COUNT = 3
const CODE_OUT = 4
const CODE_OUT_END = 5
const CODE_ROW_END = 6
const C = 7 // walks the row's codes
const CQ = 8 // walks the query codes
const MAIN_END = 9 // end of the row's codes taken 32 at a time
const SUMS = 10 // i32x4
const SUMS_HIGH = 11 // i32x4: a second accumulator, so consecutive dots do not wait on each other
const V = 12 // 16 codes

/** SUMS_INTO += dot(i16(codes of V's low or high half), the eight query codes at CQ + offset). */
const dotInto = (into: number, extend: number, queryOffset: number) => [
  ...get(into),
  ...get(V), ...simd(extend),
  ...get(CQ), ...simd(simdOp.v128Load, ...memarg(1, queryOffset)),
  ...simd(simdOp.i32x4DotI16x8S), ...simd(simdOp.i32x4Add), ...set(into),
] // prettier-ignore

/** V = the 16 codes at C + offset, then their dots with the query's 16 codes from CQ + 2 offset. */
const sixteen = (offset: number) => [
  ...get(C), ...simd(simdOp.v128Load, ...memarg(0, offset)), ...set(V),
  ...dotInto(SUMS, simdOp.i16x8ExtendLowI8x16S, 2 * offset),
  ...dotInto(SUMS_HIGH, simdOp.i16x8ExtendHighI8x16S, 2 * offset + 16),
] // prettier-ignore

// Per row: 32 codes per iteration (two 16-byte loads widened to i16 halves, four i32x4 dots into two
// accumulators: the loop's own bookkeeping was most of the work at 8 a time), then the rest of the
// row (stride a multiple of 8) eight at a time.
const codeDotsBody = [
  ...get(CODE_OUT), ...get(CODE_COUNT), ...i32(3), op.i32Shl, op.i32Add, ...set(CODE_OUT_END),
  op.block, EMPTY_BLOCK,
  ...get(CODE_OUT), ...get(CODE_OUT_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK, // one row per iteration
  ...v128Zero, ...set(SUMS), ...v128Zero, ...set(SUMS_HIGH),
  ...get(CODES), ...set(C), ...get(CODE_QUERY), ...set(CQ),
  ...get(CODES), ...get(STRIDE), op.i32Add, ...set(CODE_ROW_END),
  ...get(CODES), ...get(STRIDE), ...i32(-32), op.i32And, op.i32Add, ...set(MAIN_END),
  op.block, EMPTY_BLOCK,
  ...get(C), ...get(MAIN_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK, // 32 codes per iteration
  ...sixteen(0), ...sixteen(16),
  ...get(CQ), ...i32(64), op.i32Add, ...set(CQ),
  ...get(C), ...i32(32), op.i32Add, ...tee(C), ...get(MAIN_END), op.i32LtU, ...brIf0,
  op.end, op.end,
  op.block, EMPTY_BLOCK,
  ...get(C), ...get(CODE_ROW_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK, // eight codes per iteration: widened to i16, multiplied pairwise, summed in pairs
  ...get(SUMS),
  ...get(C), ...simd(simdOp.v128Load8x8S, ...memarg(0, 0)),
  ...get(CQ), ...simd(simdOp.v128Load, ...memarg(1, 0)),
  ...simd(simdOp.i32x4DotI16x8S), ...simd(simdOp.i32x4Add), ...set(SUMS),
  ...get(CQ), ...i32(16), op.i32Add, ...set(CQ),
  ...get(C), ...i32(8), op.i32Add, ...tee(C), ...get(CODE_ROW_END), op.i32LtU, ...brIf0,
  op.end, op.end,
  // *out = f64(lane0 + lane1 + lane2 + lane3) of SUMS + SUMS_HIGH (i32 sums wrap, so any order gives the same)
  ...get(SUMS), ...get(SUMS_HIGH), ...simd(simdOp.i32x4Add), ...set(SUMS),
  ...get(CODE_OUT),
  ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 0), ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 1), op.i32Add,
  ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 2), op.i32Add,
  ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 3), op.i32Add,
  op.f64ConvertI32S, op.f64Store, ...memarg(3, 0),
  ...get(CODE_ROW_END), ...set(CODES),
  ...get(CODE_OUT), ...i32(8), op.i32Add, ...tee(CODE_OUT), ...get(CODE_OUT_END), op.i32LtU, ...brIf0,
  op.end, op.end,
] // prettier-ignore

// codeL1s: the parameters, then its locals.
const L1_CODES = 0
const L1_STRIDE = 1
const L1_COUNT = 2
const L1_OUT = 3
const L1_LARGEST = 4
const L1_OUT_END = 5
const L1_ROW_END = 6
const L1_SUMS = 7 // i32x4
const L1_ABS = 8 // the magnitudes of 8 codes (and 8 zeros)

const codeL1sBody = [
  ...get(L1_OUT), ...get(L1_COUNT), ...i32(3), op.i32Shl, op.i32Add, ...set(L1_OUT_END),
  op.block, EMPTY_BLOCK,
  ...get(L1_OUT), ...get(L1_OUT_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK, // one row per iteration
  ...v128Zero, ...set(L1_SUMS),
  ...get(L1_CODES), ...get(L1_STRIDE), op.i32Add, ...set(L1_ROW_END),
  op.loop, EMPTY_BLOCK, // eight codes per iteration
  ...get(L1_CODES), ...simd(simdOp.v128Load64Zero, ...memarg(0, 0)), ...simd(simdOp.i8x16Abs), ...set(L1_ABS),
  // largest = max_u(largest, |c|): |-128| stays 0x80, the only magnitude over 127
  ...get(L1_LARGEST),
  ...get(L1_LARGEST), ...simd(simdOp.v128Load, ...memarg(0, 0)), ...get(L1_ABS), ...simd(simdOp.i8x16MaxU),
  ...simd(simdOp.v128Store, ...memarg(0, 0)),
  ...get(L1_SUMS),
  ...get(L1_ABS), ...simd(simdOp.i16x8ExtaddPairwiseI8x16U), ...simd(simdOp.i32x4ExtaddPairwiseI16x8U),
  ...simd(simdOp.i32x4Add), ...set(L1_SUMS),
  ...get(L1_CODES), ...i32(8), op.i32Add, ...tee(L1_CODES), ...get(L1_ROW_END), op.i32LtU, ...brIf0,
  op.end,
  ...get(L1_OUT),
  ...get(L1_SUMS), ...simd(simdOp.i32x4ExtractLane, 0), ...get(L1_SUMS), ...simd(simdOp.i32x4ExtractLane, 1), op.i32Add,
  ...get(L1_SUMS), ...simd(simdOp.i32x4ExtractLane, 2), op.i32Add,
  ...get(L1_SUMS), ...simd(simdOp.i32x4ExtractLane, 3), op.i32Add,
  op.f64ConvertI32S, op.f64Store, ...memarg(3, 0),
  ...get(L1_OUT), ...i32(8), op.i32Add, ...tee(L1_OUT), ...get(L1_OUT_END), op.i32LtU, ...brIf0,
  op.end, op.end,
] // prettier-ignore

const KERNEL_FUNCTIONS = [
  {
    name: 'codeDots',
    params: ADDRESS_PARAMS,
    locals: [
      [5, I32], // CODE_OUT_END, CODE_ROW_END, C, CQ, MAIN_END
      [3, V128], // SUMS, SUMS_HIGH, V
    ] as Array<[number, number]>,
    body: codeDotsBody,
  },
  {
    name: 'codeL1s',
    params: [I32, I32, I32, I32, I32],
    locals: [
      [2, I32], // L1_OUT_END, L1_ROW_END
      [2, V128], // L1_SUMS, L1_ABS
    ] as Array<[number, number]>,
    body: codeL1sBody,
  },
]

/** The module's bytes (about 550), for a memory of one thread. */
export const DOT_KERNEL_WASM = wasmModule(KERNEL_FUNCTIONS)

/** The same module for a shared memory (`VectorMatrix`'s when a `ScanHelper` sums part of its rows). */
export const SHARED_DOT_KERNEL_WASM = wasmModule(KERNEL_FUNCTIONS, { sharedMemory: true })

/** One of the kernels as JavaScript calls it: addresses and counts in, results in memory. */
export type Kernel = (from: number, query: number, width: number, count: number, out: number) => void

export interface VectorKernels {
  codeDots: Kernel
  /** (codes, stride, count, out, largest) */
  codeL1s: (codes: number, stride: number, count: number, out: number, largest: number) => void
}

const compiled = new Map<boolean, WebAssembly.Module | null>()

/**
 * The compiled module for a shared memory or not, or null where this host cannot run it (no
 * WebAssembly, no SIMD, no threads for a shared one, compiling forbidden). Compiled once,
 * synchronously: it is far below the 4 KB that browsers allow on the main thread.
 */
export function vectorKernelModule(shared = false): WebAssembly.Module | null {
  const known = compiled.get(shared)
  if (known !== undefined) return known
  let module: WebAssembly.Module | null = null
  const bytes = shared ? SHARED_DOT_KERNEL_WASM : DOT_KERNEL_WASM
  try {
    if (typeof WebAssembly === 'object' && WebAssembly.validate(bytes)) module = new WebAssembly.Module(bytes)
  } catch {
    // A CompileError from a content security policy: the JS loop answers instead.
  }
  compiled.set(shared, module)
  return module
}

/** The kernels over `memory` (shared or not, as it was made), or null where the module cannot run here. */
export function vectorKernels(memory: WebAssembly.Memory, shared = false): VectorKernels | null {
  const module = vectorKernelModule(shared)
  if (module === null) return null
  const { exports } = new WebAssembly.Instance(module, { env: { memory } })
  return {
    codeDots: exports.codeDots as Kernel,
    codeL1s: exports.codeL1s as VectorKernels['codeL1s'],
  }
}
