import { decodeWindows1252 } from '../decodeWindows1252'
import { detectUtf16 } from './detectUtf16'

/**
 * Turns the bytes of a text file into a string, with line endings normalised to `\n`.
 *
 * Order of evidence: a byte-order mark (UTF-8, UTF-16 LE/BE); UTF-16 recognised by its NUL bytes;
 * UTF-8 when the bytes are valid UTF-8 (valid UTF-8 is almost never an accident); then the encoding
 * the document declares (`declaredEncoding`, e.g. an HTML `<meta charset>`), when the platform knows
 * it; finally Windows-1252, the superset of Latin-1 that old Western files use. The fallback never
 * fails: every byte maps to some character.
 */
export function decodeText(bytes: Uint8Array, declaredEncoding?: string): string {
  return normaliseLineEndings(decode(bytes, declaredEncoding))
}

function decode(bytes: Uint8Array, declaredEncoding: string | undefined): string {
  // The decoders drop the BOM itself (ignoreBOM defaults to false).
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder('utf-8').decode(bytes)
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes)
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes)
  const utf16 = detectUtf16(bytes)
  if (utf16) return new TextDecoder(utf16).decode(bytes)
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    // Not UTF-8: fall through to the declared or the legacy encoding.
  }
  const declared = declaredEncoding ? tryDecoder(declaredEncoding) : undefined
  // A page that declares UTF-8 but is not valid UTF-8 is usually Windows-1252 in disguise; the
  // Latin-1 labels all mean Windows-1252 (WHATWG), which is decoded below.
  if (declared && declared.encoding !== 'utf-8' && declared.encoding !== 'windows-1252') {
    return declared.decode(bytes)
  }
  return decodeWindows1252(bytes)
}

/** TextDecoder throws RangeError for labels the platform does not know (builds without full ICU). */
function tryDecoder(label: string): TextDecoder | undefined {
  try {
    return new TextDecoder(label)
  } catch {
    return undefined
  }
}

function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n')
}
