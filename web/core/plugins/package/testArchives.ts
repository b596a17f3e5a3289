import { Deflate, strToU8 } from 'fflate'
import { crc32 } from './crc32'
import { concatBytes } from '../../kernel/bytes/concatBytes'

// Archive builders for tests (this package's and the install tests'): a tar writer (ustar, GNU long
// names, pax headers, any entry type), a zip writer for entries fflate's zipSync cannot make (given
// compressed data, lying sizes), and deflate streams of many zeros made without holding them.

export interface TarEntry {
  name: string
  /** '0' file (default), '5' folder, '1' hard link, '2' symlink, '3'/'4' devices, '6' FIFO, 'L', 'x', 'g'. */
  type?: string
  data?: Uint8Array | string
  /** The size written in the header, when it should differ from the data's. */
  size?: number
  linkName?: string
  /** ustar prefix field (POSIX long names). */
  prefix?: string
  /** Write "ustar  \0" (GNU) instead of "ustar\0" + "00" (POSIX). */
  gnu?: boolean
  /** Spoil the header checksum. */
  badChecksum?: boolean
}

const BLOCK = 512

/** One tar header block for `entry`, data of `size` bytes to follow. */
export function tarHeader(entry: TarEntry, size: number): Uint8Array {
  const header = new Uint8Array(BLOCK)
  const put = (offset: number, length: number, value: string): void => {
    const bytes = strToU8(value)
    if (bytes.length > length) throw new Error(`tar field too long: ${value}`)
    header.set(bytes, offset)
  }
  const octal = (offset: number, length: number, value: number): void =>
    put(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`)
  put(0, 100, entry.name)
  octal(100, 8, entry.type === '5' ? 0o755 : 0o644)
  octal(108, 8, 1000)
  octal(116, 8, 1000)
  octal(124, 12, size)
  octal(136, 12, 1_700_000_000)
  header[156] = (entry.type ?? '0').charCodeAt(0)
  if (entry.linkName) put(157, 100, entry.linkName)
  if (entry.gnu) put(257, 8, 'ustar  \0')
  else {
    put(257, 6, 'ustar\0')
    put(263, 2, '00')
  }
  if (entry.prefix) put(345, 155, entry.prefix)
  header.fill(0x20, 148, 156)
  let sum = 0
  for (const byte of header) sum += byte
  if (entry.badChecksum) sum += 1
  put(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `)
  return header
}

/** A whole tar (with its two end blocks). */
export function tar(entries: TarEntry[]): Uint8Array {
  const parts: Uint8Array[] = []
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? strToU8(entry.data) : (entry.data ?? new Uint8Array(0))
    parts.push(
      tarHeader(entry, entry.size ?? data.length),
      data,
      new Uint8Array((BLOCK - (data.length % BLOCK)) % BLOCK),
    )
  }
  parts.push(new Uint8Array(2 * BLOCK))
  return concatBytes(parts)
}

/** A GNU long-name entry ('L') naming the entry that follows it. */
export function gnuLongName(name: string): TarEntry {
  return { name: '././@LongLink', type: 'L', data: `${name}\0`, gnu: true }
}

/** A pax extended header ('x') for the entry that follows it. */
export function paxHeader(records: Record<string, string>): TarEntry {
  let text = ''
  for (const [key, value] of Object.entries(records)) {
    const body = ` ${key}=${value}\n`
    const bodyLength = strToU8(body).length
    let length = bodyLength + String(bodyLength).length
    if (String(length).length !== String(bodyLength).length) length += 1
    text += `${length}${body}`
  }
  return { name: 'PaxHeader/entry', type: 'x', data: text }
}

/** A gzip member around raw deflate `parts` of data whose CRC-32 and length are given. */
export function gzipAround(parts: Uint8Array[], crc: number, length: number): Uint8Array {
  const header = new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
  const trailer = new Uint8Array(8)
  const view = new DataView(trailer.buffer)
  view.setUint32(0, crc, true)
  view.setUint32(4, length % 0x100000000, true)
  return concatBytes([header, ...parts, trailer])
}

export interface RawZipEntry {
  name: string
  /** Compressed data (deflate when method is 8). */
  data: Uint8Array[]
  method: 0 | 8
  crc: number
  /** Uncompressed size as declared (in both headers). */
  size: number
  flags?: number
  /** Made-by host OS (3 for Unix) and external attributes. */
  os?: number
  externalAttributes?: number
  /** A different name in the local header. */
  localName?: string
}

/** A zip of entries given as they are to be stored; with `zip64`, every size, offset and count is
 *  written as ZIP64 writes it (0xffffffff in the header, the value in the ZIP64 extra and end records). */
export function rawZip(entries: RawZipEntry[], options: { zip64?: boolean } = {}): Uint8Array {
  const zip64 = options.zip64 ?? false
  const parts: Uint8Array[] = []
  const central: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = strToU8(entry.name)
    const localName = entry.localName === undefined ? name : strToU8(entry.localName)
    const compressedSize = entry.data.reduce((sum, part) => sum + part.length, 0)
    const local = new Uint8Array(30 + localName.length)
    const lv = new DataView(local.buffer)
    lv.setUint32(0, 0x04034b50, true)
    lv.setUint16(4, 20, true)
    lv.setUint16(6, entry.flags ?? 0x800, true)
    lv.setUint16(8, entry.method, true)
    lv.setUint32(14, entry.crc, true)
    lv.setUint32(18, compressedSize, true)
    lv.setUint32(22, entry.size, true)
    lv.setUint16(26, localName.length, true)
    local.set(localName, 30)
    const extra = new Uint8Array(zip64 ? 28 : 0)
    if (zip64) {
      const xv = new DataView(extra.buffer)
      xv.setUint16(0, 1, true)
      xv.setUint16(2, 24, true)
      xv.setBigUint64(4, BigInt(entry.size), true)
      xv.setBigUint64(12, BigInt(compressedSize), true)
      xv.setBigUint64(20, BigInt(offset), true)
    }
    const record = new Uint8Array(46 + name.length + extra.length)
    const cv = new DataView(record.buffer)
    cv.setUint32(0, 0x02014b50, true)
    cv.setUint16(4, ((entry.os ?? 0) << 8) | 20, true)
    cv.setUint16(6, 20, true)
    cv.setUint16(8, entry.flags ?? 0x800, true)
    cv.setUint16(10, entry.method, true)
    cv.setUint32(16, entry.crc, true)
    cv.setUint32(20, zip64 ? 0xffffffff : compressedSize, true)
    cv.setUint32(24, zip64 ? 0xffffffff : entry.size, true)
    cv.setUint16(28, name.length, true)
    cv.setUint16(30, extra.length, true)
    cv.setUint32(38, entry.externalAttributes ?? 0, true)
    cv.setUint32(42, zip64 ? 0xffffffff : offset, true)
    record.set(name, 46)
    record.set(extra, 46 + name.length)
    parts.push(local, ...entry.data)
    central.push(record)
    offset += local.length + compressedSize
  }
  const directory = concatBytes(central)
  const end = new Uint8Array(22)
  const ev = new DataView(end.buffer)
  ev.setUint32(0, 0x06054b50, true)
  ev.setUint16(8, zip64 ? 0xffff : entries.length, true)
  ev.setUint16(10, zip64 ? 0xffff : entries.length, true)
  ev.setUint32(12, zip64 ? 0xffffffff : directory.length, true)
  ev.setUint32(16, zip64 ? 0xffffffff : offset, true)
  if (!zip64) return concatBytes([...parts, directory, end])
  const end64 = new Uint8Array(56 + 20)
  const v64 = new DataView(end64.buffer)
  v64.setUint32(0, 0x06064b50, true)
  v64.setBigUint64(4, 44n, true)
  v64.setUint16(12, 45, true)
  v64.setUint16(14, 45, true)
  v64.setBigUint64(24, BigInt(entries.length), true)
  v64.setBigUint64(32, BigInt(entries.length), true)
  v64.setBigUint64(40, BigInt(directory.length), true)
  v64.setBigUint64(48, BigInt(offset), true)
  // The locator, pointing at the ZIP64 end record.
  v64.setUint32(56, 0x07064b50, true)
  v64.setBigUint64(64, BigInt(offset + directory.length), true)
  v64.setUint32(72, 1, true)
  return concatBytes([...parts, directory, end64, end])
}

/** A stored (method 0) zip entry of `data`. */
export function storedZipEntry(
  name: string,
  data: Uint8Array | string,
  extra: Partial<RawZipEntry> = {},
): RawZipEntry {
  const bytes = typeof data === 'string' ? strToU8(data) : data
  return { name, data: [bytes], method: 0, crc: crc32(bytes), size: bytes.length, ...extra }
}

const MB = 1024 * 1024
/** An empty, final stored block: ends a raw deflate stream. */
const FINAL_BLOCK = new Uint8Array([1, 0, 0, 0xff, 0xff])

/**
 * A raw deflate stream of `prefix` then `zeros` zero bytes, as parts, made without ever holding the
 * zeros: each megabyte after the first is sync-flushed to a byte boundary, and since every megabyte of
 * zeros after a window of zeros compresses to the same bytes, that block is repeated. 200 MB of zeros
 * come out as about 200 KB in a few milliseconds.
 */
export function deflatePrefixThenZeros(prefix: Uint8Array, zeros: number): Uint8Array[] {
  const parts: Uint8Array[] = []
  const deflate = new Deflate({ level: 9 }, (chunk) => parts.push(chunk.slice()))
  deflate.push(prefix)
  const first = Math.min(zeros, MB)
  deflate.push(new Uint8Array(first))
  deflate.flush(true)
  let left = zeros - first
  if (left >= MB) {
    const mark = parts.length
    deflate.push(new Uint8Array(MB))
    deflate.flush(true)
    const block = concatBytes(parts.slice(mark))
    left -= MB
    for (; left >= MB; left -= MB) parts.push(block)
  }
  if (left > 0) {
    deflate.push(new Uint8Array(left))
    deflate.flush(true)
  }
  parts.push(FINAL_BLOCK)
  return parts
}

/**
 * CRC-32 of `prefix` then `zeros` zero bytes, without running over the zeros: the CRC register's
 * update on a zero bit is linear, so n zero bytes are one 32x32 matrix over GF(2), raised to the n-th
 * power by squaring (as zlib's crc32_combine does).
 */
export function crc32PrefixThenZeros(prefix: Uint8Array, zeros: number): number {
  const times = (matrix: Uint32Array, vector: number): number => {
    let sum = 0
    for (let i = 0; vector !== 0; i++, vector >>>= 1) if (vector & 1) sum ^= matrix[i]!
    return sum >>> 0
  }
  const square = (matrix: Uint32Array): Uint32Array => matrix.map((row) => times(matrix, row))
  // One zero bit: the register shifts right, and the polynomial comes in when the low bit falls out.
  let operator: Uint32Array = new Uint32Array(32)
  operator[0] = 0xedb88320
  for (let n = 1; n < 32; n++) operator[n] = (1 << (n - 1)) >>> 0
  operator = square(square(square(operator))) // one zero byte
  let register = ~crc32(prefix) >>> 0
  for (let left = zeros; left > 0; left = Math.floor(left / 2)) {
    if (left % 2 === 1) register = times(operator, register)
    operator = square(operator)
  }
  return ~register >>> 0
}
