import { unzipSync } from 'fflate'
import type { FileKind } from '../DocumentModel'
import { decodeText } from './text/decodeText'
import { detectUtf16 } from './text/detectUtf16'
import { IMAGE_EXTENSIONS, SUPPORTED_EXTENSIONS, TEXT_EXTENSIONS } from './supportedExtensions'

/** Extensions of the binary formats other than images. */
const NON_IMAGE_BINARY_EXTENSIONS = new Set([
  '.pdf',
  '.docx',
  '.doc',
  '.dot',
  '.pptx',
  '.ppt',
  '.pps',
  '.pot',
])

/** Extensions of binary formats: text content under one of these names is not that format. */
const BINARY_FORMAT_EXTENSIONS = new Set([...NON_IMAGE_BINARY_EXTENSIONS, ...IMAGE_EXTENSIONS])

const TEXT_EXTENSION_SET = new Set(TEXT_EXTENSIONS)

const PDF_HEADER = ascii('%PDF-')
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04]

/** The images read by OCR, by their magic bytes (`undefined` matches any byte). */
const IMAGE_SIGNATURES: ReadonlyArray<readonly [FileKind, readonly (number | undefined)[]]> = [
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['webp', [...ascii('RIFF'), undefined, undefined, undefined, undefined, ...ascii('WEBP')]],
  ['tiff', [0x49, 0x49, 0x2a, 0x00]], // little-endian
  ['tiff', [0x4d, 0x4d, 0x00, 0x2a]], // big-endian
]

/**
 * Formats we do not read, by their magic bytes (`undefined` matches any byte). Most binary files are
 * also caught by the NUL-byte test; these are the ones whose first bytes could pass for text.
 */
const OTHER_BINARY_SIGNATURES: readonly (readonly (number | undefined)[])[] = [
  ascii('GIF87a'),
  ascii('GIF89a'),
  [...ascii('RIFF'), undefined, undefined, undefined, undefined, ...ascii('WAVE')],
  [...ascii('RIFF'), undefined, undefined, undefined, undefined, ...ascii('AVI ')],
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0x50, 0x4b, 0x07, 0x08], // spanned ZIP
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  ascii('Rar!\x1a\x07'),
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xca, 0xfe, 0xba, 0xbe], // Java class, Mach-O fat binary
  ascii('{\\rtf'), // RTF is text, but its words are buried in control words
  ascii('%!PS'), // PostScript
  ascii('SQLite format 3\0'),
  ascii('OggS\0'),
  [undefined, undefined, undefined, undefined, ...ascii('ftyp')], // MP4, MOV, HEIC
]

/**
 * What a file really is, from its content; the name only breaks ties. `undefined` means nothing we
 * can parse: an archive, an image we do not read (GIF), text under a binary format's name, a ZIP that is neither DOCX nor
 * PPTX, or an OLE2 file whose name says neither Word nor PowerPoint. The caller turns that into
 * "not supported" or "not a PDF" using the extension.
 */
export { SUPPORTED_EXTENSIONS }

export function sniffFileKind(bytes: Uint8Array, filename: string): FileKind | undefined {
  const kind = sniffHead(bytes, filename)
  return kind === ZIP ? officeOpenXmlKind(bytes) : kind
}

/** `sniffHead`'s answer for a ZIP: which Office format it is lives in its directory, at the end. */
export const ZIP = 'zip'

/** The leading bytes `sniffHead` looks at: every test but a ZIP's reads no further. */
export const SNIFF_HEAD_BYTES = 8192

/**
 * `sniffFileKind` from the file's first SNIFF_HEAD_BYTES only, except that a ZIP answers `ZIP`: the
 * caller reads its directory (`officeOpenXmlKind`). What lets a big file be sniffed without being read
 * whole (`sniffFileKindByRange`); the same tests in the same order as on the whole file.
 */
export function sniffHead(bytes: Uint8Array, filename: string): FileKind | typeof ZIP | undefined {
  const extension = fileExtension(filename)
  const pdfHeader = pdfHeaderOffset(bytes)
  // A header further in is what PDF readers tolerate, but in a file named as text it is more likely
  // a README that mentions `%PDF-1.7`.
  if (pdfHeader === 0 || (pdfHeader > 0 && !TEXT_EXTENSION_SET.has(extension))) return 'pdf'
  if (startsWith(bytes, ZIP_LOCAL_FILE)) return ZIP
  if (startsWith(bytes, OLE2)) {
    // Which 97-2003 format an OLE2 file is lives in its stream names; the name is a cheap stand-in.
    if (extension === '.doc' || extension === '.dot') return 'doc'
    if (extension === '.ppt' || extension === '.pps' || extension === '.pot') return 'ppt'
    return undefined
  }
  const image = IMAGE_SIGNATURES.find(([, signature]) => startsWith(bytes, signature))
  // An image named as a document (a PNG saved as .pdf) is a mistake to report ("not a PDF"), not a
  // scan to read: OCR would turn a wrong upload into a document nobody meant to add.
  if (image) return NON_IMAGE_BINARY_EXTENSIONS.has(extension) ? undefined : image[0]
  if (OTHER_BINARY_SIGNATURES.some((signature) => startsWith(bytes, signature))) return undefined
  if (looksBinary(bytes) || BINARY_FORMAT_EXTENSIONS.has(extension)) return undefined
  if (looksLikeHtml(bytes)) return 'html'
  if (extension === '.md' || extension === '.markdown') return 'markdown'
  if (extension === '.html' || extension === '.htm' || extension === '.xhtml') return 'html'
  return 'text'
}

/** `.pdf` for `Report.Final.PDF`; '' when the name has no extension. Paths are allowed. */
export function fileExtension(filename: string): string {
  const base = filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1)
  const dot = base.lastIndexOf('.')
  return dot > 0 ? base.slice(dot).toLowerCase() : ''
}

/** Where `%PDF-` starts within the first kilobyte (readers accept junk before it), else -1. */
function pdfHeaderOffset(bytes: Uint8Array): number {
  const end = Math.min(bytes.length, 1024) - 5
  for (let i = 0; i <= end; i++) {
    if (startsWith(bytes.subarray(i, i + 5), PDF_HEADER)) return i
  }
  return -1
}

/**
 * DOCX and PPTX are ZIPs told apart by their main part. Only the central directory is read (the
 * filter declines every entry), so this costs nothing on large decks. A damaged ZIP is no kind.
 */
export function officeOpenXmlKind(bytes: Uint8Array): FileKind | undefined {
  const names = new Set<string>()
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.add(file.name.toLowerCase())
        return false
      },
    })
  } catch {
    return undefined
  }
  if (names.has('word/document.xml')) return 'docx'
  if (names.has('ppt/presentation.xml')) return 'pptx'
  return undefined
}

/**
 * Text never has NUL bytes (unless it is UTF-16) and hardly any other control characters; a few
 * stray ones (form feeds, escape sequences) are tolerated.
 */
function looksBinary(bytes: Uint8Array): boolean {
  const first = bytes[0]
  const second = bytes[1]
  const hasBom = (first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)
  if (hasBom || detectUtf16(bytes)) return false
  const sample = bytes.subarray(0, SNIFF_HEAD_BYTES)
  let control = 0
  for (const byte of sample) {
    if (byte === 0) return true
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b)
      control++
  }
  return control > sample.length * 0.01
}

/** A page saved under any name: `<!doctype html>` or `<html>` first, after an XML prolog or comments. */
function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = decodeText(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .trimStart()
  return /^<!doctype\s+html|^<html[\s>]/i.test(head)
}

function startsWith(bytes: Uint8Array, signature: readonly (number | undefined)[]): boolean {
  return (
    signature.length <= bytes.length && signature.every((byte, i) => byte === undefined || bytes[i] === byte)
  )
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0))
}
