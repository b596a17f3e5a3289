/**
 * A WebAssembly module of one function, hand-assembled here so that no toolchain or download is
 * needed, and small enough (about 500 bytes) to read:
 *
 *   dots(matrix, query, dims, rows, out)   all i32 byte addresses / counts, no result
 *
 * For each of `rows` consecutive rows of `dims` f32 starting at `matrix`, it writes the row's dot
 * product with the query (`dims` f64 at `query`) as one f64 at `out`, `out + 8`, ... The memory is
 * imported (`env.memory`), so the caller owns it and can grow it.
 *
 * The arithmetic is the same, operation for operation, as `dotsInJs` (see `scoreRows.ts`), so both
 * give the same bits and the JS path is an exact fallback: products of two f32 are exact in f64;
 * eight running sums (two per f64x2 accumulator), sum j over elements i = j (mod 8) below
 * dims - dims % 8; a ninth, `tail`, over the rest in order; then
 * ((s0 + s4) + (s2 + s6)) + ((s1 + s5) + (s3 + s7)), plus tail. Four independent accumulators keep
 * the adds from waiting on each other; f64 rather than f32 sums keep scores as exact as the plain
 * loop they replace (f32 sums over 384 terms drift by ~1e-7, enough to swap near-ties).
 *
 * Needs the SIMD proposal (f64x2, shipped in Chromium 91, Firefox 89, Safari 16.4, Node 16.4); where
 * `WebAssembly.validate` refuses it, or compiling is forbidden (a CSP without 'wasm-unsafe-eval'),
 * `dotKernelModule` answers null and the caller uses the JS loop.
 */

// Value types and opcodes used below (WebAssembly core spec 1.0 + fixed-width SIMD).
const I32 = 0x7f
const F64 = 0x7c
const V128 = 0x7b
const FUNC = 0x60
const EMPTY_BLOCK = 0x40
const op = {
  block: 0x02,
  loop: 0x03,
  brIf: 0x0d,
  end: 0x0b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  f32Load: 0x2a,
  f64Load: 0x2b,
  f64Store: 0x39,
  i32Const: 0x41,
  f64Const: 0x44,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  i32Add: 0x6a,
  i32And: 0x71,
  i32Shl: 0x74,
  f64PromoteF32: 0xbb,
  simd: 0xfd,
} as const
// SIMD sub-opcodes (after the 0xfd prefix, LEB128-encoded).
const simdOp = {
  v128Load: 0x00,
  v128Const: 0x0c,
  i8x16Shuffle: 0x0d,
  f64x2ExtractLane: 0x21,
  f64x2PromoteLowF32x4: 0x5f,
  f64x2Add: 0xf0,
  f64x2Mul: 0xf2,
} as const

const unsigned = (value: number): number[] => {
  const bytes: number[] = []
  do {
    let byte = value & 0x7f
    value >>>= 7
    if (value !== 0) byte |= 0x80
    bytes.push(byte)
  } while (value !== 0)
  return bytes
}
const signed = (value: number): number[] => {
  const bytes: number[] = []
  for (;;) {
    const byte = value & 0x7f
    value >>= 7
    if ((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0)) {
      bytes.push(byte)
      return bytes
    }
    bytes.push(byte | 0x80)
  }
}
const vector = (items: number[][]): number[] => [...unsigned(items.length), ...items.flat()]
const section = (id: number, body: number[]): number[] => [id, ...unsigned(body.length), ...body]
const name = (text: string): number[] => vector([...text].map((c) => [c.charCodeAt(0)]))

const get = (local: number) => [op.localGet, ...unsigned(local)]
const set = (local: number) => [op.localSet, ...unsigned(local)]
const tee = (local: number) => [op.localTee, ...unsigned(local)]
const i32 = (value: number) => [op.i32Const, ...signed(value)]
/** memarg: alignment as a power of two (a hint), then a constant offset added to the address. */
const memarg = (alignLog2: number, offset: number) => [...unsigned(alignLog2), ...unsigned(offset)]
const simd = (sub: number, ...immediates: number[]) => [op.simd, ...unsigned(sub), ...immediates]
const v128Load = (offset: number) => simd(simdOp.v128Load, ...memarg(2, offset))
const f64x2Zero = simd(simdOp.v128Const, ...new Array<number>(16).fill(0))
const f64Zero = [op.f64Const, 0, 0, 0, 0, 0, 0, 0, 0]
/** Lanes 2 and 3 of an f32x4 moved to lanes 0 and 1 (both operands the same vector). */
const highHalf = simd(simdOp.i8x16Shuffle, 8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15)
/** `br_if 0`: to the start of the innermost loop, or out of the innermost block. */
const brIf0 = [op.brIf, 0]

// Locals: the five parameters, then the function's own.
const MATRIX = 0 // start of the current row (advances row by row)
const QUERY = 1
const DIMS = 2
const ROWS = 3
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
  ...v128Load(queryOffset),
  ...simd(simdOp.f64x2Mul),
  ...simd(simdOp.f64x2Add),
  ...set(acc),
]

const body = [
  // outEnd = out + rows * 8; nothing to do when rows is 0.
  ...get(OUT), ...get(ROWS), ...i32(3), op.i32Shl, op.i32Add, ...set(OUT_END),
  op.block, EMPTY_BLOCK,
  ...get(OUT), ...get(OUT_END), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK, // one row per iteration
  ...f64x2Zero, ...set(ACC_A), ...f64x2Zero, ...set(ACC_B),
  ...f64x2Zero, ...set(ACC_C), ...f64x2Zero, ...set(ACC_D),
  ...f64Zero, ...set(TAIL),
  ...get(MATRIX), ...set(M), ...get(QUERY), ...set(Q),
  // rowEnd8 = matrix + (dims & ~7) * 4; rowEnd = matrix + dims * 4
  ...get(MATRIX), ...get(DIMS), ...i32(-8), op.i32And, ...i32(2), op.i32Shl, op.i32Add, ...set(ROW_END8),
  ...get(MATRIX), ...get(DIMS), ...i32(2), op.i32Shl, op.i32Add, ...set(ROW_END),
  op.block, EMPTY_BLOCK, // eight elements per iteration
  ...get(M), ...get(ROW_END8), op.i32GeU, ...brIf0,
  op.loop, EMPTY_BLOCK,
  ...get(M), ...v128Load(0), ...set(LOW),
  ...get(M), ...v128Load(16), ...set(HIGH),
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
  ...get(ROW_END), ...set(MATRIX),
  ...get(OUT), ...i32(8), op.i32Add, ...tee(OUT), ...get(OUT_END), op.i32LtU, ...brIf0,
  op.end, op.end,
  op.end, // function
] // prettier-ignore

const locals = vector([
  [...unsigned(5), I32], // OUT_END, ROW_END8, ROW_END, M, Q
  [...unsigned(6), V128], // LOW, HIGH, ACC_A..ACC_D
  [...unsigned(1), F64], // TAIL
])
const code = [...locals, ...body]

/** The module's bytes. */
export const DOT_KERNEL_WASM = new Uint8Array([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
  ...section(1, vector([[FUNC, ...vector([[I32], [I32], [I32], [I32], [I32]]), ...vector([])]])),
  ...section(2, vector([[...name('env'), ...name('memory'), 0x02, 0x00, ...unsigned(1)]])), // memory, min 1 page
  ...section(3, vector([unsigned(0)])), // function 0 has type 0
  ...section(7, vector([[...name('dots'), 0x00, ...unsigned(0)]])), // export function 0
  ...section(10, vector([[...unsigned(code.length), ...code]])),
])

/** `dots` as JavaScript sees it: addresses and counts in, scores written to memory. */
export type DotKernel = (matrix: number, query: number, dims: number, rows: number, out: number) => void

let compiled: WebAssembly.Module | null | undefined

/**
 * The compiled module, or null where this host cannot run it (no WebAssembly, no SIMD, compiling
 * forbidden). Compiled once, synchronously: it is far below the 4 KB that browsers allow on the
 * main thread.
 */
export function dotKernelModule(): WebAssembly.Module | null {
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

/** An instance of the kernel over `memory`, or null where the module cannot run here. */
export function instantiateDotKernel(memory: WebAssembly.Memory): DotKernel | null {
  const module = dotKernelModule()
  if (module === null) return null
  const instance = new WebAssembly.Instance(module, { env: { memory } })
  return instance.exports.dots as DotKernel
}
