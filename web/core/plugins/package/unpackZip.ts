import { Inflate } from 'fflate'
import { ApiError } from '../../api/ApiError'
import { crc32 } from './crc32'
import { normaliseEntryPath } from './normaliseEntryPath'
import { brokenArchive, entryLabel, unsafeEntry } from './packageErrors'
import type { UnpackBudget, UnpackedFile } from './UnpackBudget'

// The zip is read from its central directory, by hand, rather than with fflate's Unzip: Unzip walks
// the local headers, which carry neither the entry's file type (a symlink is only marked in the
// central directory's external attributes) nor, with a data descriptor, its sizes. From the central
// directory every entry is checked — name, type, encryption, declared size and ratio — before any is
// inflated; each is then inflated with fflate's streaming Inflate, a small slice at a time, so its
// real size and ratio are checked as it grows.

const SIG_LOCAL = 0x04034b50
const SIG_CENTRAL = 0x02014b50
const SIG_END = 0x06054b50
const SIG_END64 = 0x06064b50
const SIG_END64_LOCATOR = 0x07064b50
const MAX_COMMENT = 0xffff

/** Compressed bytes handed to fflate at a time. Deflate expands at most ~1,032 times, so one push makes
 *  at most ~4 MB: a bomb is stopped within one slice of passing a limit. (Smaller slices cost more
 *  copying in fflate's streaming window for every real package.) */
const INFLATE_SLICE = 4096

const STORED = 0
const DEFLATED = 8

interface CentralEntry {
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

/** Unpacks a zip's files (folders skipped) within `budget`, refusing unsafe entries. */
export function unpackZip(bytes: Uint8Array, budget: UnpackBudget): UnpackedFile[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const wanted: Array<{ entry: CentralEntry; path: string }> = []
  let declaredTotal = 0
  for (const entry of readCentralDirectory(bytes, view, budget)) {
    const path = checkEntry(entry)
    if (path === undefined) continue
    budget.checkRatio(entry.size, entry.compressedSize, `entry ${entryLabel(entry.name)}`)
    budget.admitFile(entry.name, path, entry.size)
    declaredTotal += entry.size
    budget.checkRatio(declaredTotal, bytes.length, 'the archive')
    wanted.push({ entry, path })
  }
  // Sizes were declared; the inflating below holds every entry to its declared size, and counts the
  // whole archive's ratio again in case several entries share (overlap) the same compressed data.
  let inflatedTotal = 0
  return wanted.map(({ entry, path }) => {
    const data = entryData(bytes, view, entry)
    const inflated = inflateEntry(data, entry, budget, (length) => {
      inflatedTotal += length
      budget.checkRatio(inflatedTotal, bytes.length, 'the archive')
    })
    return { path, bytes: inflated }
  })
}

function broken(why: string): ApiError {
  return brokenArchive('zip', why)
}

function readCentralDirectory(bytes: Uint8Array, view: DataView, budget: UnpackBudget): CentralEntry[] {
  const end = findEndRecord(bytes, view)
  let count = view.getUint16(end + 10, true)
  let size = view.getUint32(end + 12, true)
  let offset = view.getUint32(end + 16, true)
  if (
    view.getUint16(end + 4, true) !== 0 ||
    view.getUint16(end + 6, true) !== 0 ||
    view.getUint16(end + 8, true) !== count
  ) {
    throw broken('it spans several disks')
  }
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20
    if (locator < 0 || view.getUint32(locator, true) !== SIG_END64_LOCATOR)
      throw broken('its ZIP64 end record is missing')
    const end64 = readUint64(view, locator + 8)
    if (end64 + 56 > locator || view.getUint32(end64, true) !== SIG_END64)
      throw broken('its ZIP64 end record is missing')
    count = readUint64(view, end64 + 32)
    size = readUint64(view, end64 + 40)
    offset = readUint64(view, end64 + 48)
  }
  if (offset + size > bytes.length) throw broken('its central directory lies past the end of the file')

  const entries: CentralEntry[] = []
  const limit = offset + size
  let at = offset
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
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength)
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

/** The end of central directory record: the last 22 bytes, unless a comment (at most 64 KB) follows. */
function findEndRecord(bytes: Uint8Array, view: DataView): number {
  const lowest = Math.max(0, bytes.length - 22 - MAX_COMMENT)
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === SIG_END) return at
  }
  throw broken('its end of central directory record is missing')
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
function checkEntry(entry: CentralEntry): string | undefined {
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

function entryData(bytes: Uint8Array, view: DataView, entry: CentralEntry): Uint8Array {
  const at = entry.localOffset
  if (at + 30 > bytes.length || view.getUint32(at, true) !== SIG_LOCAL) {
    throw broken(`the local header of entry ${entryLabel(entry.name)} is missing`)
  }
  const nameLength = view.getUint16(at + 26, true)
  const extraLength = view.getUint16(at + 28, true)
  // Two names for one entry would let another reader of the same file see a different package.
  const localName = bytes.subarray(at + 30, at + 30 + nameLength)
  if (!sameBytes(localName, entry.nameBytes)) {
    throw unsafeEntry(entry.name, 'its local header names a different file than the central directory')
  }
  const start = at + 30 + nameLength + extraLength
  if (start + entry.compressedSize > bytes.length) {
    throw broken(`the data of entry ${entryLabel(entry.name)} runs past the end of the file`)
  }
  return bytes.subarray(start, start + entry.compressedSize)
}

function inflateEntry(
  data: Uint8Array,
  entry: CentralEntry,
  budget: UnpackBudget,
  onInflated: (length: number) => void,
): Uint8Array {
  const label = `entry ${entryLabel(entry.name)}`
  // The declared size was admitted by the budget, so this allocation is bounded; nothing is ever
  // written past it, whatever the data holds.
  const out = new Uint8Array(entry.size)
  let written = 0
  if (entry.method === STORED) {
    if (data.length !== entry.size)
      throw broken(`${label} is stored with a size other than the one it declares`)
    out.set(data)
    written = data.length
    onInflated(written)
  } else {
    let consumed = 0
    const inflater = new Inflate((chunk) => {
      if (written + chunk.length > entry.size) {
        throw unsafeEntry(entry.name, `it inflates to more than the ${entry.size} bytes it declares`)
      }
      out.set(chunk, written)
      written += chunk.length
      budget.checkRatio(written, consumed, label)
      onInflated(chunk.length)
    })
    try {
      for (let at = 0; at < data.length; at += INFLATE_SLICE) {
        consumed = Math.min(at + INFLATE_SLICE, data.length)
        inflater.push(data.subarray(at, consumed), consumed === data.length)
      }
    } catch (error) {
      if (error instanceof ApiError) throw error
      throw broken(`${label} does not inflate (${error instanceof Error ? error.message : String(error)})`)
    }
  }
  if (written !== entry.size) throw broken(`${label} is shorter than the ${entry.size} bytes it declares`)
  if (crc32(out) !== entry.crc) throw broken(`${label} fails its CRC check`)
  return out
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
