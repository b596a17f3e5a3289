import { unzipSync } from 'fflate'
import { ParseError } from '../../ParseError'

/** The parts of an OOXML package (a ZIP) that a parser reads, unpacked once. */
export interface ZipArchive {
  /** Part names as stored (without a leading '/'), in archive order. */
  readonly names: readonly string[]
  has(name: string): boolean
  /** A part's text (UTF-8, or UTF-16 where it starts with a byte-order mark); undefined if absent. */
  text(name: string): string | undefined
}

// Declared (uncompressed) size caps. fflate inflates into a buffer of the declared size and never
// grows it (the rest of a part that lies about its size is dropped), so capping the declared sizes
// caps memory even for a zip bomb that lies about them, or whose entries all point at the same data.
// A 1,000-page book's document.xml is some 15-30 MB.
const MAX_PART_BYTES = 64 * 1024 * 1024
const MAX_TOTAL_BYTES = 256 * 1024 * 1024
// Counts: a 1,000-slide deck has about 8 XML parts a slide (slide, notes, their relationships, charts
// and diagrams). fflate walks the entry count the archive states even past the end of the file (a
// forged ZIP64 count is 2^32 turns of its loop), so every entry counts, wanted or not.
const MAX_PARTS = 20_000
const MAX_ENTRIES = 50_000

/**
 * Unpacks the entries whose names pass `wanted` (XML and relationship parts; media are never
 * inflated). Throws ParseError('corrupt') when the bytes are not a readable ZIP, and
 * ParseError('too_large') when a part, the parts together or their number are past what any real
 * document has (a "zip bomb"), before inflating anything past those bounds.
 */
export function openZip(bytes: Uint8Array, wanted: (name: string) => boolean): ZipArchive {
  let total = 0
  let parts = 0
  let entries = 0
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, {
      filter(file) {
        if (++entries > MAX_ENTRIES) throw tooLarge(`it has more than ${MAX_ENTRIES} entries`)
        if (!wanted(normalisePartName(file.name))) return false
        total += file.originalSize
        if (++parts > MAX_PARTS) throw tooLarge(`it has more than ${MAX_PARTS} parts to read`)
        if (file.originalSize > MAX_PART_BYTES) throw tooLarge('one of its parts is over 64 MB unpacked')
        if (total > MAX_TOTAL_BYTES) throw tooLarge('its parts add up to over 256 MB unpacked')
        return true
      },
    })
  } catch (error) {
    if (error instanceof ParseError) throw error
    throw new ParseError('corrupt', 'The file is damaged: it is not a readable ZIP package')
  }
  const byKey = new Map<string, Uint8Array>()
  const names: string[] = []
  for (const [name, data] of Object.entries(files)) {
    const normalised = normalisePartName(name)
    names.push(normalised)
    byKey.set(normalised.toLowerCase(), data)
  }
  return {
    names,
    // OPC part names compare case-insensitively.
    has: (name) => byKey.has(normalisePartName(name).toLowerCase()),
    text(name) {
      const data = byKey.get(normalisePartName(name).toLowerCase())
      return data === undefined ? undefined : decodeXmlBytes(data)
    },
  }
}

function tooLarge(why: string): ParseError {
  return new ParseError('too_large', `The file is too large to unpack: ${why}, more than any real document`)
}

/** True for the parts OOXML parsers read: XML and relationships. */
export function isXmlPart(name: string): boolean {
  const lower = name.toLowerCase()
  return lower.endsWith('.xml') || lower.endsWith('.rels')
}

function normalisePartName(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '')
}

function decodeXmlBytes(data: Uint8Array): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data)
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data)
  return new TextDecoder('utf-8').decode(data)
}
