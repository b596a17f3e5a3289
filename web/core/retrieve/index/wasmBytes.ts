/**
 * Just enough of the WebAssembly binary format (core 1.0 plus fixed-width SIMD) to write small
 * kernels by hand, with readable names instead of raw bytes: no toolchain, nothing downloaded.
 * Used by `dotKernelWasm.ts`; `WebAssembly.validate` and the kernels' tests check the output.
 */

export const I32 = 0x7f
export const F64 = 0x7c
export const V128 = 0x7b
export const EMPTY_BLOCK = 0x40

export const op = {
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
  i32Add: 0x6a,
  i32And: 0x71,
  i32Shl: 0x74,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  f64ConvertI32S: 0xb7,
  f64PromoteF32: 0xbb,
} as const

/** SIMD instructions: the 0xfd prefix, then this sub-opcode as LEB128. */
export const simdOp = {
  v128Load: 0x00,
  v128Load8x8S: 0x01,
  v128Store: 0x0b,
  v128Const: 0x0c,
  i8x16Shuffle: 0x0d,
  i32x4ExtractLane: 0x1b,
  v128Load64Zero: 0x5d,
  i8x16Abs: 0x60,
  i8x16MaxU: 0x79,
  i16x8ExtaddPairwiseI8x16U: 0x7d,
  i32x4ExtaddPairwiseI16x8U: 0x7f,
  f64x2ExtractLane: 0x21,
  f64x2PromoteLowF32x4: 0x5f,
  i16x8ExtendLowI8x16S: 0x87,
  i16x8ExtendHighI8x16S: 0x88,
  i32x4Add: 0xae,
  i32x4DotI16x8S: 0xba,
  f64x2Add: 0xf0,
  f64x2Mul: 0xf2,
} as const

export function unsigned(value: number): number[] {
  const bytes: number[] = []
  do {
    let byte = value & 0x7f
    value >>>= 7
    if (value !== 0) byte |= 0x80
    bytes.push(byte)
  } while (value !== 0)
  return bytes
}

export function signed(value: number): number[] {
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

export const get = (local: number) => [op.localGet, ...unsigned(local)]
export const set = (local: number) => [op.localSet, ...unsigned(local)]
export const tee = (local: number) => [op.localTee, ...unsigned(local)]
export const i32 = (value: number) => [op.i32Const, ...signed(value)]
/** memarg: alignment as a power of two (a hint), then a constant offset added to the address. */
export const memarg = (alignLog2: number, offset: number) => [...unsigned(alignLog2), ...unsigned(offset)]
export const simd = (sub: number, ...immediates: number[]) => [0xfd, ...unsigned(sub), ...immediates]
export const v128Zero = simd(simdOp.v128Const, ...new Array<number>(16).fill(0))
export const f64Zero = [op.f64Const, 0, 0, 0, 0, 0, 0, 0, 0]
/** `br_if 0`: to the start of the innermost loop, or out of the innermost block. */
export const brIf0 = [op.brIf, 0]

export interface WasmFunction {
  /** Exported under this name. */
  name: string
  /** Parameter types; the function returns nothing. */
  params: number[]
  /** Local types after the parameters, grouped: [count, type] pairs. */
  locals: Array<[number, number]>
  /** Instructions, without the final `end`. */
  body: number[]
}

/**
 * A module importing `env.memory` (at least one page) and exporting `functions`. `sharedMemory`: the
 * import is a shared memory of at most 65,536 pages (the type a memory other threads reach must
 * have; a module for one kind cannot be instantiated with the other).
 */
export function wasmModule(
  functions: readonly WasmFunction[],
  { sharedMemory = false }: { sharedMemory?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  const types = functions.map((fn) => [0x60, ...vector(fn.params.map((type) => [type])), ...vector([])])
  const codes = functions.map((fn) => {
    const code = [...vector(fn.locals.map(([count, type]) => [...unsigned(count), type])), ...fn.body, op.end]
    return [...unsigned(code.length), ...code]
  })
  // Limits: flag 0 (a minimum), or 3 (shared, a minimum and a maximum).
  const memoryLimits = sharedMemory ? [0x03, ...unsigned(1), ...unsigned(65_536)] : [0x00, ...unsigned(1)]
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...section(1, vector(types)),
    ...section(2, vector([[...name('env'), ...name('memory'), 0x02, ...memoryLimits]])),
    ...section(3, vector(functions.map((_, i) => unsigned(i)))), // function i has type i
    ...section(7, vector(functions.map((fn, i) => [...name(fn.name), 0x00, ...unsigned(i)]))),
    ...section(10, vector(codes)),
  ])
}
