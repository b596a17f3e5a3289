import { concatBytes } from '../kernel/bytes/concatBytes'
import { exceedsJsonDepth } from '../kernel/exceedsJsonDepth'
import type { StreamedZip } from '../plugins/package/StreamedZip'
import { toHex } from '../store/FileStore'
import { Sha256 } from '../store/Sha256'
import { timeSlicer } from '../kernel/time/timeSlicer'
import { archiveRefused, EXPORT_AGAIN } from './archiveError'
import type { ArchiveJsonLimits } from './archiveFormat'
import { JsonArraySplitter, JsonSplitError, type ArrayPlace } from './JsonArraySplitter'

/** A cap of ARCHIVE_JSON_LIMITS, by its name (said in refusals, so an operator can find it). */
export type JsonCap = Exclude<keyof ArchiveJsonLimits, 'maxStringChars' | 'maxHeldBytes'>

const MB = 1024 * 1024
const sizeOf = (bytes: number) =>
  bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`

/**
 * Reads an archive's JSON entries within ARCHIVE_JSON_LIMITS: each entry's bytes are counted (and
 * hashed, to be held to the manifest's SHA-256) as they inflate, and inflating stops at the first
 * byte past the entry's cap, so a 400 MB metadata entry costs no more than its cap. Every string of
 * what is parsed is held to `maxStringChars`. Long reads let the event loop run between pieces.
 */
export class ArchiveJsonReader {
  constructor(
    private readonly zip: StreamedZip,
    private readonly hashes: Readonly<Record<string, string>>,
    readonly limits: ArchiveJsonLimits,
    /** Runs a read of the zip, its refusals worded for an archive. */
    private readonly inPackageTerms: <T>(read: () => Promise<T>) => Promise<T>,
  ) {}

  /** The entry's declared size (from the zip's directory). */
  declaredSize(path: string): number {
    return this.zip.entries.get(path)?.size ?? 0
  }

  /** A whole JSON entry of at most `limits[cap]` bytes, parsed and checked. */
  async whole(path: string, cap: JsonCap): Promise<{ value: unknown; bytes: number }> {
    const max = this.limits[cap]
    // Refused before a byte is inflated when the directory says so; held to it while inflating (the
    // reader holds an entry to its declared size) and counted here all the same.
    if (this.declaredSize(path) > max) throw this.tooLarge(path, cap)
    const parts: Uint8Array[] = []
    let size = 0
    await this.stream(path, (chunk) => {
      size += chunk.length
      if (size > max) throw this.tooLarge(path, cap)
      parts.push(chunk)
    })
    return { value: this.parse(concatBytes(parts), path), bytes: size }
  }

  /**
   * A listed entry, an item at a time: each object of the list at `place` (the whole entry, or one
   * key of its top object) is parsed and handed to `onItem` (awaited, with its size) once complete, held
   * to `limits[itemCap]`; what the entry holds besides (its frame, the list as `[]`) is answered at the
   * end, held to `maxFrameBytes`. The SHA-256 is checked at the end, so a caller that acts on items
   * before then must be able to take it back (the import's undo).
   */
  async list(
    path: string,
    place: ArrayPlace,
    itemCap: JsonCap,
    onItem: (item: unknown, bytes: number) => void | Promise<void>,
  ): Promise<unknown> {
    const splitter = new JsonArraySplitter(place, {
      maxElementBytes: this.limits[itemCap],
      maxFrameBytes: this.limits.maxFrameBytes,
    })
    const slice = timeSlicer()
    try {
      await this.stream(path, async (chunk) => {
        for (const parts of splitter.push(chunk)) {
          // A whole item in one chunk is taken as it is; one spread over several is joined.
          const item = parts.length === 1 ? parts[0]! : concatBytes(parts)
          await onItem(this.parse(item, path), item.length)
          await slice()
        }
      })
      return this.parse(new TextEncoder().encode(splitter.end()), path)
    } catch (error) {
      if (!(error instanceof JsonSplitError)) throw error
      if (error.why === 'element_too_large') throw this.tooLarge(path, itemCap)
      if (error.why === 'frame_too_large') throw this.tooLarge(path, 'maxFrameBytes')
      if (error.why === 'too_deep') throw nestedTooDeeply(path)
      throw notJson(path)
    }
  }

  /** Inflates the entry a piece at a time, hashing it; refused when the hash is not the manifest's. */
  private async stream(path: string, onChunk: (chunk: Uint8Array) => void | Promise<void>): Promise<void> {
    const hash = new Sha256()
    const slice = timeSlicer()
    await this.inPackageTerms(() =>
      this.zip.read(path, async (chunk) => {
        hash.update(chunk)
        await onChunk(chunk)
        await slice()
      }),
    )
    if (toHex(hash.digest()) !== this.hashes[path]) {
      throw archiveRefused(
        `it is damaged (${JSON.stringify(path)} does not match its checksum)`,
        EXPORT_AGAIN,
      )
    }
  }

  private parse(bytes: Uint8Array, path: string): unknown {
    const value = parseArchiveJson(bytes, path)
    const long = longestString(value)
    if (long > this.limits.maxStringChars) {
      throw archiveRefused(
        `${JSON.stringify(path)} holds a text of more than ${sizeOf(this.limits.maxStringChars)} characters, the most one value may be (maxStringChars)`,
        EXPORT_AGAIN,
      )
    }
    return value
  }

  private tooLarge(path: string, cap: JsonCap) {
    return archiveRefused(
      `${JSON.stringify(path)} ${CAP_WORDS[cap]} more than ${sizeOf(this.limits[cap])}, the most this Quire reads (${cap})`,
      EXPORT_AGAIN,
    )
  }
}

const CAP_WORDS: Record<JsonCap, string> = {
  maxCollectionBytes: 'is a collection of',
  maxDocumentBytes: 'is a document’s metadata of',
  maxSettingsBytes: 'holds settings of',
  maxRecordBytes: 'holds a record of',
  maxPassageBytes: 'holds a passage of',
  maxMessageBytes: 'holds a chat message of',
  maxFrameBytes: 'holds, besides its list,',
}

/**
 * An entry's JSON, parsed: refused when it is not UTF-8 JSON, or nested past MAX_JSON_DEPTH (as for
 * request bodies: what is stored is later stringified and validated recursively).
 */
export function parseArchiveJson(bytes: Uint8Array, path: string): unknown {
  let text: string
  let value: unknown
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    value = JSON.parse(text)
  } catch {
    throw notJson(path)
  }
  if (exceedsJsonDepth(text)) throw nestedTooDeeply(path)
  return value
}

function notJson(path: string) {
  return archiveRefused(`${JSON.stringify(path)} is not JSON`, EXPORT_AGAIN)
}

function nestedTooDeeply(path: string) {
  return archiveRefused(`${JSON.stringify(path)} is nested too deeply`, EXPORT_AGAIN)
}

/** The length of the longest string in a parsed value (keys included), walked without recursion. */
function longestString(value: unknown): number {
  let longest = 0
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const next = pending.pop()
    if (typeof next === 'string') longest = Math.max(longest, next.length)
    else if (Array.isArray(next)) for (const item of next) pending.push(item)
    else if (typeof next === 'object' && next !== null) {
      for (const [key, field] of Object.entries(next)) {
        longest = Math.max(longest, key.length)
        pending.push(field)
      }
    }
  }
  return longest
}
