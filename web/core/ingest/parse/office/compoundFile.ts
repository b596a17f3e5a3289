import { ParseError } from '../../ParseError'

/** The streams of an OLE compound file (Word 97-2003, PowerPoint 97-2003). */
export interface CompoundFile {
  /** A top-level stream's bytes by name ('WordDocument', '1Table'); undefined if absent. */
  stream(name: string): Uint8Array | undefined
}

/**
 * The most bytes one stream the parsers ask for may hold: 64 MiB. A Word document's text lives in
 * its WordDocument stream (the 10 million characters a document may hold are 20 MB as UTF-16) and
 * its pictures in others, which are never read; a PowerPoint Document stream holds the slides'
 * records and any embedded objects. Nothing in a compound file is compressed, so a stream is no
 * larger than the file, but a 90 MB upload made of one bloated stream would still be read whole into
 * the ingest worker: past this it fails `too_large`, naming the stream, its size and the limit.
 */
export const MAX_STREAM_BYTES = 64 * 1024 * 1024

const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const END_OF_CHAIN = 0xfffffffe
const NO_STREAM = 0xffffffff
const STORAGE = 1
const STREAM = 2
const ROOT = 5

/**
 * Opens a compound file ([MS-CFB]) and reads only the top-level streams asked for, each a copy of
 * its own sectors. SheetJS cfb, used before, read every stream of the file, and outside Node (no
 * Buffer) as arrays of numbers: 24 MB of pictures beside a Word document's text were 430 MB of heap,
 * and a worker running out of heap that way took the whole server process down. Here memory is the
 * file's own bytes plus the streams read (each no larger than the file).
 *
 * Every sector number is checked against the file and every chain against looping (at most as many
 * steps as the file has sectors); what fails those is ParseError('corrupt'). `what` names the format
 * in the error ("Word 97-2003 document").
 */
export function openCompoundFile(
  bytes: Uint8Array,
  what: string,
  maxStreamBytes = MAX_STREAM_BYTES,
): CompoundFile {
  if (bytes.length < 512 || signature.some((byte, i) => bytes[i] !== byte)) {
    throw new ParseError('corrupt', `The file is not a ${what} (it is not an OLE compound file)`)
  }
  try {
    return readCompoundFile(bytes, (name, size) => {
      if (size <= maxStreamBytes) return
      throw new ParseError(
        'too_large',
        `The ${what}'s ${name} stream is ${megabytes(size)} MB; streams are read up to ` +
          `${megabytes(maxStreamBytes)} MB. Save it in the newer format (DOCX, PPTX) or split it, and upload it again.`,
      )
    })
  } catch (error) {
    if (error instanceof ParseError) throw error
    throw new ParseError('corrupt', `The ${what} is damaged: its compound-file structure cannot be read`)
  }
}

interface DirectoryEntry {
  name: string
  type: number
  left: number
  right: number
  child: number
  start: number
  size: number
}

/** `checkSize` throws when a stream asked for is too large to read (before any of it is copied). */
function readCompoundFile(bytes: Uint8Array, checkSize: (name: string, size: number) => void): CompoundFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u32 = (at: number) => view.getUint32(at, true)
  const sectorShift = view.getUint16(0x1e, true)
  if (sectorShift !== 9 && sectorShift !== 12) throw new Error('bad sector size')
  const sectorSize = 1 << sectorShift
  const miniSectorSize = 1 << view.getUint16(0x20, true)
  if (miniSectorSize !== 64) throw new Error('bad mini sector size')
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + 1
  const sector = (index: number): Uint8Array => {
    if (index >= sectorCount) throw new Error('sector out of range')
    const start = (index + 1) * sectorSize
    return bytes.subarray(start, Math.min(start + sectorSize, bytes.length))
  }
  const perSector = sectorSize / 4

  // The FAT's own sectors: 109 listed in the header, then a chain of DIFAT sectors.
  const fatSectors: number[] = []
  for (let i = 0; i < 109; i++) fatSectors.push(u32(0x4c + i * 4))
  let difat = u32(0x44)
  for (let steps = 0; difat < END_OF_CHAIN; steps++) {
    if (steps > sectorCount) throw new Error('DIFAT loops')
    const at = (difat + 1) * sectorSize
    if (difat >= sectorCount || at + sectorSize > bytes.length) throw new Error('DIFAT out of range')
    for (let i = 0; i < perSector - 1; i++) fatSectors.push(u32(at + i * 4))
    difat = u32(at + (perSector - 1) * 4)
  }
  const listed = fatSectors.filter((index) => index < END_OF_CHAIN).slice(0, u32(0x2c))
  if (listed.length > sectorCount) throw new Error('FAT larger than the file')
  const fat = new Uint32Array(listed.length * perSector)
  listed.forEach((index, i) => {
    const part = sector(index)
    for (let j = 0; j * 4 + 4 <= part.length; j++)
      fat[i * perSector + j] = u32((index + 1) * sectorSize + j * 4)
  })

  /** A chain of sectors from `start`, `size` bytes of it (all of it when size is undefined). */
  const chain = (
    start: number,
    size: number | undefined,
    next: Uint32Array,
    read: (index: number) => Uint8Array,
  ): Uint8Array => {
    const parts: Uint8Array[] = []
    let total = 0
    for (let index = start, steps = 0; index < END_OF_CHAIN; steps++) {
      if (steps >= next.length || index >= next.length) throw new Error('chain loops or leaves the file')
      if (size !== undefined && total >= size) break
      const part = read(index)
      parts.push(part)
      total += part.length
      index = next[index]!
    }
    const length = size === undefined ? total : size
    if (total < length) throw new Error('stream shorter than its size')
    const out = new Uint8Array(length)
    let offset = 0
    for (const part of parts) {
      const take = Math.min(part.length, length - offset)
      out.set(part.subarray(0, take), offset)
      offset += take
      if (offset === length) break
    }
    return out
  }

  const directoryBytes = chain(u32(0x30), undefined, fat, sector)
  const entries: DirectoryEntry[] = []
  const dir = new DataView(directoryBytes.buffer, directoryBytes.byteOffset, directoryBytes.byteLength)
  for (let at = 0; at + 128 <= directoryBytes.length; at += 128) {
    const nameLength = Math.min(64, dir.getUint16(at + 64, true))
    let name = ''
    for (let i = 0; i + 2 < nameLength; i += 2) name += String.fromCharCode(dir.getUint16(at + i, true))
    entries.push({
      name,
      type: dir.getUint8(at + 66),
      left: dir.getUint32(at + 68, true),
      right: dir.getUint32(at + 72, true),
      child: dir.getUint32(at + 76, true),
      start: dir.getUint32(at + 116, true),
      size: dir.getUint32(at + 120, true),
    })
  }
  const root = entries[0]
  if (root === undefined || root.type !== ROOT) throw new Error('no root entry')

  // The root's children are a tree (left, right siblings); walked iteratively, each entry once.
  const topLevel = new Map<string, DirectoryEntry>()
  const pending = [root.child]
  const seen = new Set<number>()
  while (pending.length > 0) {
    const index = pending.pop()!
    if (index === NO_STREAM || seen.has(index)) continue
    seen.add(index)
    const entry = entries[index]
    if (entry === undefined) continue
    if (entry.type === STREAM || entry.type === STORAGE) topLevel.set(entry.name.toUpperCase(), entry)
    pending.push(entry.left, entry.right)
  }

  const cutoff = u32(0x38)
  let mini: { fat: Uint32Array; stream: Uint8Array } | undefined
  const miniStore = () => {
    if (mini) return mini
    const miniFatBytes = chain(u32(0x3c), undefined, fat, sector)
    const miniFat = new Uint32Array(miniFatBytes.length / 4)
    const miniView = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength)
    for (let i = 0; i < miniFat.length; i++) miniFat[i] = miniView.getUint32(i * 4, true)
    mini = { fat: miniFat, stream: chain(root.start, root.size, fat, sector) }
    return mini
  }

  return {
    stream(name) {
      const entry = topLevel.get(name.toUpperCase())
      if (entry === undefined || entry.type !== STREAM) return undefined
      if (entry.size === 0) return new Uint8Array(0)
      if (entry.size > bytes.length) throw new Error('stream larger than the file')
      checkSize(name, entry.size)
      if (entry.size >= cutoff) return chain(entry.start, entry.size, fat, sector)
      const store = miniStore()
      return chain(entry.start, entry.size, store.fat, (index) =>
        store.stream.subarray(index * miniSectorSize, (index + 1) * miniSectorSize),
      )
    },
  }
}

function megabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10)
}
