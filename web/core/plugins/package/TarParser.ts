import { ApiError } from '../../kernel/ApiError'
import { normaliseEntryPath } from './normaliseEntryPath'
import { brokenArchive, unsafeEntry } from './packageErrors'
import type { UnpackBudget, UnpackedFile } from './UnpackBudget'

const BLOCK = 512
/** GNU long names and pax headers are a path or a few keywords; anything bigger is not a package. */
const MAX_METADATA_BYTES = 64 * 1024

const REFUSED_TYPES: Record<string, string> = {
  '1': 'it is a hard link',
  '2': 'it is a symbolic link',
  '3': 'it is a device file',
  '4': 'it is a device file',
  '6': 'it is a FIFO',
}

type Target =
  | { kind: 'file'; name: string; path: string; bytes: Uint8Array; at: number }
  | { kind: 'metadata'; type: string; name: string; bytes: Uint8Array; at: number }

/**
 * Reads a tar stream pushed to it a chunk at a time (as it is inflated), so that nothing is held but
 * the file being read and the limits apply as the stream arrives. Reads ustar, GNU long names (`L`)
 * and pax headers (`x` for `path` and `size`; `g` skipped); takes regular files and folders and
 * refuses links, device files, FIFOs and any other entry type. Every header's checksum is verified.
 */
export class TarParser {
  /** The end-of-archive block was read: what follows is ignored (and need not be inflated). */
  done = false
  private readonly header = new Uint8Array(BLOCK)
  private headerFill = 0
  /** Bytes of the current entry's data still to come, then of its padding to the block. */
  private remaining = 0
  private padding = 0
  private target: Target | undefined
  private longName: string | undefined
  private paxPath: string | undefined
  private paxSize: number | undefined

  constructor(
    private readonly budget: UnpackBudget,
    private readonly onFile: (file: UnpackedFile) => void,
  ) {}

  push(chunk: Uint8Array): void {
    let at = 0
    while (at < chunk.length && !this.done) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - at)
        if (this.target) {
          this.target.bytes.set(chunk.subarray(at, at + take), this.target.at)
          this.target.at += take
        }
        this.remaining -= take
        at += take
        if (this.remaining === 0) this.completeEntry()
      } else if (this.padding > 0) {
        const take = Math.min(this.padding, chunk.length - at)
        this.padding -= take
        at += take
      } else {
        const take = Math.min(BLOCK - this.headerFill, chunk.length - at)
        this.header.set(chunk.subarray(at, at + take), this.headerFill)
        this.headerFill += take
        at += take
        if (this.headerFill === BLOCK) {
          this.headerFill = 0
          this.readHeader(this.header)
        }
      }
    }
  }

  /** The stream ended. A tar without its end-of-archive blocks is read (GNU tar accepts it too), one
   *  cut inside an entry is not. */
  finish(): void {
    if (this.done) return
    if (this.remaining > 0 || this.headerFill > 0 || this.padding > 0) {
      throw brokenArchive('tar.gz', 'it ends in the middle of an entry')
    }
    if (this.longName !== undefined || this.paxPath !== undefined || this.paxSize !== undefined) {
      throw brokenArchive('tar.gz', 'it ends after a long-name or pax header, with no entry for it')
    }
  }

  private readHeader(block: Uint8Array): void {
    if (block.every((byte) => byte === 0)) {
      this.done = true
      return
    }
    verifyChecksum(block)
    this.budget.countEntry()
    const type = block[156] === 0 ? '0' : String.fromCharCode(block[156]!)
    const headerSize = readNumber(block, 124, 12, 'size')
    // POSIX ustar splits a long name into prefix/name; GNU's "ustar  " keeps other fields there.
    const posix = latin1(block.subarray(257, 263)) === 'ustar\0'
    const prefix = posix ? readString(block, 345, 155) : ''
    const headerName = prefix ? `${prefix}/${readString(block, 0, 100)}` : readString(block, 0, 100)

    if (type === 'L' || type === 'K' || type === 'x' || type === 'g') {
      if (headerSize > MAX_METADATA_BYTES) {
        throw unsafeEntry(headerName, `its "${type}" header is larger than ${MAX_METADATA_BYTES / 1024} KB`)
      }
      this.startData(
        { kind: 'metadata', type, name: headerName, bytes: new Uint8Array(headerSize), at: 0 },
        headerSize,
      )
      return
    }

    const name = this.paxPath ?? this.longName ?? headerName
    const size = this.paxSize ?? headerSize
    this.longName = this.paxPath = this.paxSize = undefined
    const refused = REFUSED_TYPES[type]
    if (refused !== undefined) throw unsafeEntry(name, refused)
    const { path, isFolder } = normaliseEntryPath(name)
    if (type === '5' || (isFolder && (type === '0' || type === '7'))) {
      // A folder has no data; one that claims some is not what it says.
      if (size !== 0) throw unsafeEntry(name, 'it is a folder entry that carries data')
      return
    }
    if (type !== '0' && type !== '7') {
      throw unsafeEntry(name, `its tar entry type "${type}" is not a file or a folder`)
    }
    this.budget.admitFile(name, path, size)
    this.startData({ kind: 'file', name, path, bytes: new Uint8Array(size), at: 0 }, size)
  }

  private startData(target: Target, size: number): void {
    this.target = target
    this.remaining = size
    this.padding = (BLOCK - (size % BLOCK)) % BLOCK
    if (size === 0) this.completeEntry()
  }

  private completeEntry(): void {
    const target = this.target
    this.target = undefined
    if (!target) return
    if (target.kind === 'file') {
      this.onFile({ path: target.path, bytes: target.bytes })
    } else if (target.type === 'L') {
      this.longName = decodeName(target.bytes.subarray(0, nulIndex(target.bytes)), target.name)
    } else if (target.type === 'x') {
      this.readPax(target.bytes, target.name)
    }
    // 'K' (the long target of a link, which is refused anyway) and 'g' (global pax: comments, such as
    // the commit id `git archive` writes) are read past.
  }

  /** pax records: "<length> <key>=<value>\n", the length in bytes counting the whole record. */
  private readPax(bytes: Uint8Array, name: string): void {
    let at = 0
    while (at < bytes.length) {
      const space = bytes.indexOf(0x20, at)
      const length = space < 0 ? NaN : Number(latin1(bytes.subarray(at, space)))
      if (
        !Number.isInteger(length) ||
        length <= space - at ||
        at + length > bytes.length ||
        bytes[at + length - 1] !== 0x0a
      ) {
        throw unsafeEntry(name, 'its pax header is malformed')
      }
      const record = decodeName(bytes.subarray(space + 1, at + length - 1), name)
      const equals = record.indexOf('=')
      if (equals < 0) throw unsafeEntry(name, 'its pax header is malformed')
      const key = record.slice(0, equals)
      const value = record.slice(equals + 1)
      if (key === 'path') this.paxPath = value
      if (key === 'size') {
        if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
          throw unsafeEntry(name, 'its pax header has a size that is not a number')
        }
        this.paxSize = Number(value)
      }
      at += length
    }
  }
}

/** The header checksum: the sum of its bytes with the checksum field read as spaces. Old tars summed
 *  signed bytes; either is accepted. */
function verifyChecksum(block: Uint8Array): void {
  let unsigned = 0
  let signed = 0
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i]!
    unsigned += byte
    signed += byte > 127 ? byte - 256 : byte
  }
  let stored: number
  try {
    stored = readNumber(block, 148, 8, 'checksum')
  } catch (error) {
    if (error instanceof ApiError)
      throw brokenArchive('tar.gz', 'a header has no checksum (is it a tar archive?)')
    throw error
  }
  if (stored !== unsigned && stored !== signed) {
    throw brokenArchive('tar.gz', 'a header fails its checksum (is it a tar archive?)')
  }
}

/** A numeric field: octal text (NUL- or space-padded), or GNU's base-256 with the top bit set. */
function readNumber(block: Uint8Array, offset: number, length: number, field: string): number {
  const first = block[offset]!
  if (first & 0x80) {
    if (first & 0x40) throw brokenArchive('tar.gz', `a header's ${field} is negative`)
    let value = first & 0x3f
    for (let i = 1; i < length; i++) {
      value = value * 256 + block[offset + i]!
      if (value > Number.MAX_SAFE_INTEGER) throw brokenArchive('tar.gz', `a header's ${field} is too large`)
    }
    return value
  }
  const text = latin1(block.subarray(offset, offset + length)).replace(/^[\0 ]+|[\0 ]+$/g, '')
  if (!/^[0-7]*$/.test(text)) throw brokenArchive('tar.gz', `a header's ${field} is not a number`)
  return text === '' ? 0 : parseInt(text, 8)
}

function readString(block: Uint8Array, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length)
  return decodeName(field.subarray(0, nulIndex(field)), undefined)
}

function nulIndex(bytes: Uint8Array): number {
  const nul = bytes.indexOf(0)
  return nul < 0 ? bytes.length : nul
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function decodeName(bytes: Uint8Array, entry: string | undefined): string {
  try {
    return utf8.decode(bytes)
  } catch {
    throw unsafeEntry(
      entry ?? latin1(bytes),
      entry === undefined ? 'its name is not UTF-8' : 'its header holds text that is not UTF-8',
    )
  }
}

function latin1(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return text
}
