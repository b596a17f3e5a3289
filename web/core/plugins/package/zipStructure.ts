import { Inflate } from 'fflate'
import { ApiError } from '../../kernel/ApiError'
import { crc32 } from './crc32'
import { normaliseEntryPath } from './normaliseEntryPath'
import { brokenArchive, entryLabel, unsafeEntry } from './packageErrors'
import type { UnpackBudget } from './UnpackBudget'

// The zip's structure, read as hostile input, for both zip readers: `unpackZip` (a plugin package in
// memory) and `StreamedZip` (an archive read a range at a time from where it lies). The zip is read
// from its central directory, by hand, rather than with fflate's Unzip: Unzip walks the local headers,
// which carry neither the entry's file type (a symlink is only marked in the central directory's
// external attributes) nor, with a data descriptor, its sizes. From the central directory every entry
// is checked — name, type, encryption, declared size and ratio — before any is inflated; each is then
// inflated with fflate's streaming Inflate, a small slice at a time, so its real size and ratio are
// checked as it grows.

const SIG_LOCAL = 0x04034b50
const SIG_CENTRAL = 0x02014b50
const SIG_END = 0x06054b50
const SIG_END64 = 0x06064b50
const SIG_END64_LOCATOR = 0x07064b50
const MAX_COMMENT = 0xffff

/** How many bytes at the end of a zip hold its end record: the record, a comment, the ZIP64 locator. */
export const ZIP_TAIL_BYTES = 22 + MAX_COMMENT + 20
/** The length of a ZIP64 end of central directory record (without its extensible data). */
export const ZIP64_END_BYTES = 56
/** A local header without its name and extra field. */
export const LOCAL_HEADER_BYTES = 30

/** Compressed bytes handed to fflate at a time. Deflate expands at most ~1,032 times, so one push makes
 *  at most ~4 MB: a bomb is stopped within one slice of passing a limit. (Smaller slices cost more
 *  copying in fflate's streaming window for every real package.) */
const INFLATE_SLICE = 4096

const STORED = 0
const DEFLATED = 8

export interface CentralEntry {
  name: string
  nameBytes: Uint8Array
  flags: number
  method: number
  crc: number
  compressedSize: number
  size: number
  localOffset: number
  externalAttributes: number
}

/** Where the central directory lies and how many entries it declares. */
export interface DirectoryPlace {
  count: number
  size: number
  offset: number
}

export function broken(why: string): ApiError {
  return brokenArchive('zip', why)
}

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * Reads the end of central directory record from the zip's last bytes (`tail`, which starts at
 * `tailStart` in the file): the directory's place, or, for a ZIP64 zip, where its ZIP64 end record
 * lies (to be read and given to `readEnd64`).
 */
export function readEndRecord(tail: Uint8Array, tailStart: number): DirectoryPlace | { end64At: number } {
  const view = viewOf(tail)
  const end = findEndRecord(tail, view)
  const count = view.getUint16(end + 10, true)
  const size = view.getUint32(end + 12, true)
  const offset = view.getUint32(end + 16, true)
  if (
    view.getUint16(end + 4, true) !== 0 ||
    view.getUint16(end + 6, true) !== 0 ||
    view.getUint16(end + 8, true) !== count
  ) {
    throw broken('it spans several disks')
  }
  if (count !== 0xffff && size !== 0xffffffff && offset !== 0xffffffff) return { count, size, offset }
  const locator = end - 20
  if (locator < 0 || view.getUint32(locator, true) !== SIG_END64_LOCATOR)
    throw broken('its ZIP64 end record is missing')
  const end64At = readUint64(view, locator + 8)
  if (end64At + ZIP64_END_BYTES > tailStart + locator) throw broken('its ZIP64 end record is missing')
  return { end64At }
}

/** The directory's place from the ZIP64 end record's bytes. */
export function readEnd64(record: Uint8Array): DirectoryPlace {
  const view = viewOf(record)
  if (record.length < ZIP64_END_BYTES || view.getUint32(0, true) !== SIG_END64)
    throw broken('its ZIP64 end record is missing')
  return { count: readUint64(view, 32), size: readUint64(view, 40), offset: readUint64(view, 48) }
}

/** The end of central directory record: the last 22 bytes, unless a comment (at most 64 KB) follows. */
function findEndRecord(bytes: Uint8Array, view: DataView): number {
  const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT)
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === SIG_END) return at
  }
  throw broken('its end of central directory record is missing')
}

/** The central directory's entries, from its bytes; each entry counted against the budget. */
export function readCentralEntries(
  directory: Uint8Array,
  count: number,
  budget: UnpackBudget,
): CentralEntry[] {
  const view = viewOf(directory)
  const entries: CentralEntry[] = []
  const limit = directory.length
  let at = 0
  for (let index = 0; index < count; index++) {
    budget.countEntry()
    if (at + 46 > limit || view.getUint32(at, true) !== SIG_CENTRAL) {
      throw broken(`its central directory ends before entry ${index + 1} of the ${count} it declares`)
    }
    const nameLength = view.getUint16(at + 28, true)
    const extraLength = view.getUint16(at + 30, true)
    const commentLength = view.getUint16(at + 32, true)
    const next = at + 46 + nameLength + extraLength + commentLength
    if (next > limit) throw broken(`its central directory entry ${index + 1} runs past the directory's end`)
    const nameBytes = directory.subarray(at + 46, at + 46 + nameLength)
    const flags = view.getUint16(at + 8, true)
    const entry: CentralEntry = {
      name: decodeName(nameBytes),
      nameBytes,
      flags,
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      externalAttributes: view.getUint32(at + 38, true),
    }
    readZip64Extra(view, at + 46 + nameLength, extraLength, entry)
    entries.push(entry)
    at = next
  }
  return entries
}

/** Sizes and offsets too big for 32 bits are in the ZIP64 extra field (id 1), in this order, each only
 *  where its 32-bit field holds 0xffffffff. */
function readZip64Extra(view: DataView, start: number, length: number, entry: CentralEntry): void {
  let at = start
  while (at + 4 <= start + length) {
    const id = view.getUint16(at, true)
    const size = view.getUint16(at + 2, true)
    const fieldEnd = at + 4 + size
    if (fieldEnd > start + length) break
    if (id === 1) {
      let field = at + 4
      const take = (): number => {
        if (field + 8 > fieldEnd) throw broken(`entry ${entryLabel(entry.name)} has a short ZIP64 field`)
        const value = readUint64(view, field)
        field += 8
        return value
      }
      if (entry.size === 0xffffffff) entry.size = take()
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take()
      if (entry.localOffset === 0xffffffff) entry.localOffset = take()
    }
    at = fieldEnd
  }
}

function readUint64(view: DataView, at: number): number {
  const low = view.getUint32(at, true)
  const high = view.getUint32(at + 4, true)
  if (high > 0x1fffff) throw broken('it declares a size or offset past 2^53')
  return high * 0x100000000 + low
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

// Names are UTF-8 when flag bit 11 says so, and in practice also when it does not (ASCII); the old
// DOS code page is not guessed at: a name that is not UTF-8 is refused.
function decodeName(nameBytes: Uint8Array): string {
  try {
    return utf8.decode(nameBytes)
  } catch {
    throw unsafeEntry(new TextDecoder('latin1').decode(nameBytes), 'its name is not UTF-8')
  }
}

const FILE_TYPE_MASK = 0o170000
const REFUSED_TYPES: Record<number, string> = {
  0o120000: 'it is a symbolic link',
  0o020000: 'it is a device file',
  0o060000: 'it is a device file',
  0o010000: 'it is a FIFO',
  0o140000: 'it is a socket',
}

/** The entry's normalised path, or undefined for a folder; throws for an entry a package may not hold. */
export function checkEntry(entry: CentralEntry): string | undefined {
  // Bit 0: encrypted; bit 6: strong encryption; method 99: AES (WinZip).
  if (entry.flags & 0x41 || entry.method === 99) throw unsafeEntry(entry.name, 'it is encrypted')
  // Unix tools keep the file's mode in the high 16 bits of the external attributes, whatever "made
  // by" says; a symlink there is a symlink to any unzip that honours it.
  const type = (entry.externalAttributes >>> 16) & FILE_TYPE_MASK
  const refused = REFUSED_TYPES[type]
  if (refused !== undefined) throw unsafeEntry(entry.name, refused)
  const { path, isFolder } = normaliseEntryPath(entry.name)
  if (isFolder || type === 0o040000) return undefined
  if (entry.method !== STORED && entry.method !== DEFLATED) {
    throw unsafeEntry(
      entry.name,
      `it uses compression method ${entry.method} (only stored and deflate are read)`,
    )
  }
  return path
}

/**
 * Checks an entry's local header (`header`: its fixed part and at least its name, read at
 * `entry.localOffset`) and answers where its data starts in the file.
 */
export function localDataStart(header: Uint8Array, entry: CentralEntry, fileSize: number): number {
  const view = viewOf(header)
  if (header.length < LOCAL_HEADER_BYTES || view.getUint32(0, true) !== SIG_LOCAL) {
    throw broken(`the local header of entry ${entryLabel(entry.name)} is missing`)
  }
  const nameLength = view.getUint16(26, true)
  const extraLength = view.getUint16(28, true)
  // Two names for one entry would let another reader of the same file see a different package.
  const localName = header.subarray(LOCAL_HEADER_BYTES, LOCAL_HEADER_BYTES + nameLength)
  if (!sameBytes(localName, entry.nameBytes)) {
    throw unsafeEntry(entry.name, 'its local header names a different file than the central directory')
  }
  const start = entry.localOffset + LOCAL_HEADER_BYTES + nameLength + extraLength
  if (start + entry.compressedSize > fileSize) {
    throw broken(`the data of entry ${entryLabel(entry.name)} runs past the end of the file`)
  }
  return start
}

/**
 * Inflates one entry from its compressed bytes, given in pieces (`push`), handing each inflated chunk
 * on: the entry is held to the size it declared (never a byte past it), to the budget's ratio, and at
 * `finish` to its full size and CRC. `onChunk` may throw to stop it (another limit was passed).
 */
export class EntryInflater {
  private written = 0
  private consumed = 0
  private crc = 0
  private readonly inflater: Inflate | undefined
  private readonly label: string

  constructor(
    private readonly entry: CentralEntry,
    private readonly budget: UnpackBudget,
    private readonly onChunk: (chunk: Uint8Array) => void,
  ) {
    this.label = `entry ${entryLabel(entry.name)}`
    this.inflater = entry.method === STORED ? undefined : new Inflate((chunk) => this.take(chunk))
  }

  /** The next compressed bytes; `final` with the last of them (an empty entry's bytes are none). */
  push(data: Uint8Array, final: boolean): void {
    if (!this.inflater) {
      if (this.written + data.length > this.entry.size)
        throw broken(`${this.label} is stored with a size other than the one it declares`)
      this.consumed += data.length
      this.take(data)
      return
    }
    try {
      for (let at = 0; at < data.length; at += INFLATE_SLICE) {
        const end = Math.min(at + INFLATE_SLICE, data.length)
        this.consumed += end - at
        this.inflater.push(data.subarray(at, end), final && end === data.length)
      }
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw broken(
        `${this.label} does not inflate (${error instanceof Error ? error.message : String(error)})`,
      )
    }
  }

  /** Checks that the entry came out whole: its declared size and its CRC. */
  finish(): void {
    if (this.written !== this.entry.size) {
      if (!this.inflater) throw broken(`${this.label} is stored with a size other than the one it declares`)
      throw broken(`${this.label} is shorter than the ${this.entry.size} bytes it declares`)
    }
    if (this.crc !== this.entry.crc) throw broken(`${this.label} fails its CRC check`)
  }

  private take(chunk: Uint8Array): void {
    if (this.written + chunk.length > this.entry.size) {
      throw unsafeEntry(this.entry.name, `it inflates to more than the ${this.entry.size} bytes it declares`)
    }
    this.written += chunk.length
    if (this.inflater) this.budget.checkRatio(this.written, this.consumed, this.label)
    this.crc = crc32(chunk, this.crc)
    this.onChunk(chunk)
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
