import {
  EMPTY_BLOCK,
  F64,
  I32,
  V128,
  brIf0,
  f64Zero,
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
 * Two hand-assembled WebAssembly SIMD functions over an imported memory (`env.memory`), all
 * arguments i32 byte addresses or counts, results written to memory:
 *
 *   dots(rows, query, dims, count, out)
 *     For each of `count` consecutive rows of `dims` f32 from `rows`, its dot product with the query
 *     (`dims` f64 at `query`), one f64 per row at `out`, `out + 8`, ... The arithmetic is that of
 *     `dotsInJs`, operation for operation, so the JS loop is an exact fallback (see there): products
 *     of two f32 are exact in f64; eight running sums, sum j over elements i = j (mod 8) below
 *     dims - dims % 8, kept as four f64x2 accumulators so the adds do not wait on each other; a
 *     ninth, `tail`, over the rest in order; then ((s0 + s4) + (s2 + s6)) + ((s1 + s5) + (s3 + s7))
 *     + tail. f64 sums keep scores as exact as a plain loop (f32 sums over 384 terms drift by ~1e-7,
 *     enough to swap near-ties).
 *
 *   codeDots(codes, query, stride, count, out)
 *     For each of `count` consecutive rows of `stride` i8 codes from `codes` (stride a multiple of
 *     8), its dot product with `stride` i16 query codes at `query`, exact in i32 (the caller keeps
 *     |sum| < 2^31), written as one f64 per row. Reading a quarter of the bytes of the f32 rows, it
 *     gives `VectorMatrix` an upper bound on every row's score, so that only rows that might make
 *     the top k are scored exactly.
 *
 * Needs SIMD (Chromium 91, Firefox 89, Safari 16.4, Node 16.4); where `WebAssembly.validate` refuses
 * the module or compiling is forbidden (a CSP without 'wasm-unsafe-eval'), `vectorKernels` answers
 * null and the caller uses `dotsInJs` alone.
 */

const ADDRESS_PARAMS = [I32, I32, I32, I32, I32]

/** Lanes 2 and 3 of an f32x4 moved to lanes 0 and 1 (both shuffle operands are the same vector). */
const highHalf = simd(simdOp.i8x16Shuffle, 8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15)

// dots: the parameters, then its locals.
const ROWS = 0 // start of the current row (advances row by row)
const QUERY = 1
const DIMS = 2
const COUNT = 3
const OUT = 4 // where the current row's score goes (advances by 8)
const OUT_END = 5
const ROW_END8 = 6 // end of the part of the row done eight at a time
const ROW_END = 7
const M = 8 // walks the row
const Q = 9 // walks the query
const LOW = 10 // f32x4: elements i..i+3 of the row
const HIGH = 11 // f32x4: elements i+4..i+7
const ACC_A = 12 // f64x2 sums (s0, s1)
const ACC_B = 13 // (s2, s3)
const ACC_C = 14 // (s4, s5)
const ACC_D = 15 // (s6, s7)
const TAIL = 16 // f64

/** acc += promote(two f32 lanes of `source`) * (two f64 of the query at Q + queryOffset). */
const accumulate = (acc: number, source: number, upperLanes: boolean, queryOffset: number) => [
  ...get(acc),
  ...get(source),
  ...(upperLanes ? [...get(source), ...highHalf] : []),
  ...simd(simdOp.f64x2PromoteLowF32x4),
  ...get(Q),
  ...simd(simdOp.v128Load, ...memarg(3, queryOffset)),
  ...simd(simdOp.f64x2Mul),
  ...simd(simdOp.f64x2Add),
  ...set(acc),
]

const dotsBody = [
  // outEnd = out + count * 8; nothing to do when count is 0.
  ...get(OUT), ...get(COUNT), ...i32(3), op.i32Shl, op.i32Add, ...set(OUT_END),
  op.block, EMPTY_BLOCK,
  ...get(OUT), ...get(OUT_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK, // one row per iteration
  ...v128Zero, ...set(ACC_A), ...v128Zero, ...set(ACC_B),
  ...v128Zero, ...set(ACC_C), ...v128Zero, ...set(ACC_D),
  ...f64Zero, ...set(TAIL),
  ...get(ROWS), ...set(M), ...get(QUERY), ...set(Q),
  // rowEnd8 = rows + (dims & ~7) * 4; rowEnd = rows + dims * 4
  ...get(ROWS), ...get(DIMS), ...i32(-8), op.i32And, ...i32(2), op.i32Shl, op.i32Add, ...set(ROW_END8),
  ...get(ROWS), ...get(DIMS), ...i32(2), op.i32Shl, op.i32Add, ...set(ROW_END),
  op.block, EMPTY_BLOCK, // eight elements per iteration
  ...get(M), ...get(ROW_END8), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK,
  ...get(M), ...simd(simdOp.v128Load, ...memarg(2, 0)), ...set(LOW),
  ...get(M), ...simd(simdOp.v128Load, ...memarg(2, 16)), ...set(HIGH),
  ...accumulate(ACC_A, LOW, false, 0),
  ...accumulate(ACC_B, LOW, true, 16),
  ...accumulate(ACC_C, HIGH, false, 32),
  ...accumulate(ACC_D, HIGH, true, 48),
  ...get(Q), ...i32(64), op.i32Add, ...set(Q),
  ...get(M), ...i32(32), op.i32Add, ...tee(M), ...get(ROW_END8), op.i32LtU, ...brIf0,
  op.end, op.end,
  op.block, EMPTY_BLOCK, // the dims % 8 elements left, one at a time
  ...get(M), ...get(ROW_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK,
  ...get(TAIL),
  ...get(M), op.f32Load, ...memarg(2, 0), op.f64PromoteF32,
  ...get(Q), op.f64Load, ...memarg(3, 0),
  op.f64Mul, op.f64Add, ...set(TAIL),
  ...get(Q), ...i32(8), op.i32Add, ...set(Q),
  ...get(M), ...i32(4), op.i32Add, ...tee(M), ...get(ROW_END), op.i32LtU, ...brIf0,
  op.end, op.end,
  // *out = (lane0 + lane1) + tail, where v = (accA + accC) + (accB + accD)
  ...get(OUT),
  ...get(ACC_A), ...get(ACC_C), ...simd(simdOp.f64x2Add),
  ...get(ACC_B), ...get(ACC_D), ...simd(simdOp.f64x2Add),
  ...simd(simdOp.f64x2Add), ...tee(LOW),
  ...simd(simdOp.f64x2ExtractLane, 0), ...get(LOW), ...simd(simdOp.f64x2ExtractLane, 1), op.f64Add,
  ...get(TAIL), op.f64Add,
  op.f64Store, ...memarg(3, 0),
  // next row
  ...get(ROW_END), ...set(ROWS),
  ...get(OUT), ...i32(8), op.i32Add, ...tee(OUT), ...get(OUT_END), op.i32LtU, ...brIf0,
  op.end, op.end,
] // prettier-ignore

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
const SUMS = 9 // i32x4

const codeDotsBody = [
  ...get(CODE_OUT), ...get(CODE_COUNT), ...i32(3), op.i32Shl, op.i32Add, ...set(CODE_OUT_END),
  op.block, EMPTY_BLOCK,
  ...get(CODE_OUT), ...get(CODE_OUT_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK, // one row per iteration
  ...v128Zero, ...set(SUMS),
  ...get(CODES), ...set(C), ...get(CODE_QUERY), ...set(CQ),
  ...get(CODES), ...get(STRIDE), op.i32Add, ...set(CODE_ROW_END),
  op.loop, EMPTY_BLOCK, // eight codes per iteration: widened to i16, multiplied pairwise, summed in pairs
  ...get(SUMS),
  ...get(C), ...simd(simdOp.v128Load8x8S, ...memarg(0, 0)),
  ...get(CQ), ...simd(simdOp.v128Load, ...memarg(1, 0)),
  ...simd(simdOp.i32x4DotI16x8S), ...simd(simdOp.i32x4Add), ...set(SUMS),
  ...get(CQ), ...i32(16), op.i32Add, ...set(CQ),
  ...get(C), ...i32(8), op.i32Add, ...tee(C), ...get(CODE_ROW_END), op.i32LtU, ...brIf0,
  op.end,
  // *out = f64(lane0 + lane1 + lane2 + lane3)
  ...get(CODE_OUT),
  ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 0), ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 1), op.i32Add,
  ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 2), op.i32Add,
  ...get(SUMS), ...simd(simdOp.i32x4ExtractLane, 3), op.i32Add,
  op.f64ConvertI32S, op.f64Store, ...memarg(3, 0),
  ...get(CODE_ROW_END), ...set(CODES),
  ...get(CODE_OUT), ...i32(8), op.i32Add, ...tee(CODE_OUT), ...get(CODE_OUT_END), op.i32LtU, ...brIf0,
  op.end, op.end,
] // prettier-ignore

/** The module's bytes (about 700). */
export const DOT_KERNEL_WASM = wasmModule([
  {
    name: 'dots',
    params: ADDRESS_PARAMS,
    locals: [
      [5, I32], // OUT_END, ROW_END8, ROW_END, M, Q
      [6, V128], // LOW, HIGH, ACC_A..ACC_D
      [1, F64], // TAIL
    ],
    body: dotsBody,
  },
  {
    name: 'codeDots',
    params: ADDRESS_PARAMS,
    locals: [
      [4, I32], // CODE_OUT_END, CODE_ROW_END, C, CQ
      [1, V128], // SUMS
    ],
    body: codeDotsBody,
  },
])

/** One of the kernels as JavaScript calls it: addresses and counts in, results in memory. */
export type Kernel = (from: number, query: number, width: number, count: number, out: number) => void

export interface VectorKernels {
  dots: Kernel
  codeDots: Kernel
}

let compiled: WebAssembly.Module | null | undefined

/**
 * The compiled module, or null where this host cannot run it (no WebAssembly, no SIMD, compiling
 * forbidden). Compiled once, synchronously: it is far below the 4 KB that browsers allow on the
 * main thread.
 */
export function vectorKernelModule(): WebAssembly.Module | null {
  if (compiled !== undefined) return compiled
  compiled = null
  try {
    if (typeof WebAssembly === 'object' && WebAssembly.validate(DOT_KERNEL_WASM)) {
      compiled = new WebAssembly.Module(DOT_KERNEL_WASM)
    }
  } catch {
    // A CompileError from a content security policy: the JS loop answers instead.
  }
  return compiled
}

/** The kernels over `memory`, or null where the module cannot run here. */
export function vectorKernels(memory: WebAssembly.Memory): VectorKernels | null {
  const module = vectorKernelModule()
  if (module === null) return null
  const { exports } = new WebAssembly.Instance(module, { env: { memory } })
  return { dots: exports.dots as Kernel, codeDots: exports.codeDots as Kernel }
}
