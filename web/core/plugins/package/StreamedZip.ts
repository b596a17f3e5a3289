import type { ByteSource } from '../../kernel/bytes/ByteSource'
import { admitEntries } from './admitEntries'
import { entryLabel } from './packageErrors'
import type { UnpackBudget } from './UnpackBudget'
import {
  broken,
  EntryInflater,
  LOCAL_HEADER_BYTES,
  localDataStart,
  readCentralEntries,
  readEnd64,
  readEndRecord,
  ZIP64_END_BYTES,
  ZIP_TAIL_BYTES,
  type CentralEntry,
} from './zipStructure'

/** Compressed bytes read from the source at a time. */
const READ_BYTES = 256 * 1024
/** The central directory is read whole: at most this (about 100 bytes an entry: far past maxFiles). */
const MAX_DIRECTORY_BYTES = 64 * 1024 * 1024

/**
 * A zip read where it lies (an uploaded file on disk), a range at a time: its central directory
 * first, every entry checked from it as `unpackZip` checks them (names, types, encryption, declared
 * sizes, counts and ratios against the budget), then each entry inflated when asked for, as a stream of
 * chunks held to its declared size, the ratio and its CRC. Memory is the directory and one read
 * slice, whatever the archive holds; an entry may be read more than once.
 */
export class StreamedZip {
  private inflatedTotal = 0
  /** Entries already inflated once: reading one again adds nothing to the archive's ratio. */
  private readonly counted = new Set<string>()

  private constructor(
    private readonly source: ByteSource,
    private readonly budget: UnpackBudget,
    /** The files (folders skipped) by normalised path, in the directory's order. */
    readonly entries: ReadonlyMap<string, CentralEntry>,
  ) {}

  static async open(source: ByteSource, budget: UnpackBudget): Promise<StreamedZip> {
    const tailStart = Math.max(0, source.size - ZIP_TAIL_BYTES)
    const found = readEndRecord(await source.read(tailStart, source.size - tailStart), tailStart)
    const place = 'end64At' in found ? readEnd64(await source.read(found.end64At, ZIP64_END_BYTES)) : found
    if (place.offset + place.size > source.size)
      throw broken('its central directory lies past the end of the file')
    if (place.size > MAX_DIRECTORY_BYTES) throw broken('its central directory is larger than 64 MB')
    const directory = await source.read(place.offset, place.size)
    const admitted = admitEntries(readCentralEntries(directory, place.count, budget), budget, source.size)
    const entries = new Map(admitted.map(({ entry, path }) => [path, entry]))
    return new StreamedZip(source, budget, entries)
  }

  /**
   * Inflates the entry at `path`, handing each chunk to `onChunk` (awaited: the next slice is read
   * after it). Everything inflated from this zip is counted against the archive's ratio, so entries
   * that share (overlap) the same compressed bytes cannot multiply them unseen (an entry read again is
   * counted once).
   */
  async read(path: string, onChunk: (chunk: Uint8Array) => void | Promise<void>): Promise<void> {
    const entry = this.entries.get(path)
    if (!entry) throw new RangeError(`No entry ${path}`)
    const header = await this.source.read(entry.localOffset, LOCAL_HEADER_BYTES + entry.nameBytes.length)
    const start = localDataStart(header, entry, this.source.size)
    const pending: Uint8Array[] = []
    const first = !this.counted.has(path)
    this.counted.add(path)
    const inflater = new EntryInflater(entry, this.budget, (chunk) => {
      if (first) {
        this.inflatedTotal += chunk.length
        this.budget.checkRatio(this.inflatedTotal, this.source.size, 'the archive')
      }
      // Inflate's callback cannot wait: chunks (fflate's own copies) are handed on after each slice.
      pending.push(chunk)
    })
    const end = start + entry.compressedSize
    for (let at = start; at < end; at += READ_BYTES) {
      const length = Math.min(READ_BYTES, end - at)
      const slice = await this.source.read(at, length)
      // localDataStart checked the data lies within the size: a short read is a file changed under us.
      if (slice.length !== length) throw broken(`the data of entry ${entryLabel(entry.name)} is cut short`)
      inflater.push(slice, at + length === end)
      for (const chunk of pending.splice(0)) await onChunk(chunk)
    }
    inflater.finish()
  }

  /** The entry's bytes, whole (held to its declared size, which the budget admitted). */
  async bytes(path: string): Promise<Uint8Array> {
    const entry = this.entries.get(path)
    if (!entry) throw new RangeError(`No entry ${path}`)
    const out = new Uint8Array(entry.size)
    let written = 0
    await this.read(path, (chunk) => {
      out.set(chunk, written)
      written += chunk.length
    })
    return out
  }

  close(): Promise<void> {
    return this.source.close()
  }
}
