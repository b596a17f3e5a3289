import { ParseError } from '../../../ParseError'
import { decodeWindows1252 } from '../../decodeWindows1252'

interface Piece {
  cpStart: number
  cpEnd: number
  /** Byte offset of the piece's first character in the WordDocument stream. */
  fc: number
  /** 8-bit (CP1252) characters rather than UTF-16LE. */
  compressed: boolean
}

const corrupt = () => new ParseError('corrupt', 'The Word document is damaged: its text table is invalid')

/**
 * The piece table (MS-DOC 2.9.38 Clx, 2.9.177 Pcdt): where each run of character positions (CPs)
 * lives in the WordDocument stream and how it is encoded. One CP is one UTF-16 code unit, so a CP
 * range maps to a JavaScript string of the same length.
 */
export class PieceTable {
  private constructor(
    private readonly pieces: readonly Piece[],
    private readonly wordDocument: Uint8Array,
  ) {}

  /**
   * Reads the Clx: any number of Prc records (0x01, 16-bit size, property data), then one Pcdt
   * (0x02, 32-bit size, PlcPcd: n+1 CPs then n 8-byte piece descriptors). Every piece must lie
   * inside the WordDocument stream, and all pieces together may not hold more characters than the
   * stream has bytes, so a hostile table cannot make the reader allocate without bound.
   */
  static read(clx: Uint8Array, wordDocument: Uint8Array): PieceTable {
    const view = new DataView(clx.buffer, clx.byteOffset, clx.byteLength)
    let offset = 0
    while (offset < view.byteLength && view.getUint8(offset) === 0x01) {
      if (offset + 3 > view.byteLength || view.getInt16(offset + 1, true) < 0) throw corrupt()
      offset += 3 + view.getInt16(offset + 1, true)
    }
    if (offset + 5 > view.byteLength || view.getUint8(offset) !== 0x02) throw corrupt()
    const lcb = view.getUint32(offset + 1, true)
    const start = offset + 5
    if ((lcb - 4) % 12 !== 0 || start + lcb > view.byteLength) throw corrupt()
    const count = (lcb - 4) / 12
    const descriptors = start + (count + 1) * 4
    // MS-DOC: the first CP is 0, and consecutive pieces share boundaries, so the pieces cover
    // [0, last CP) without gaps.
    if (count > 0 && view.getUint32(start, true) !== 0) throw corrupt()
    const pieces: Piece[] = []
    let characters = 0
    for (let i = 0; i < count; i++) {
      const cpStart = view.getUint32(start + i * 4, true)
      const cpEnd = view.getUint32(start + (i + 1) * 4, true)
      const fcCompressed = view.getUint32(descriptors + i * 8 + 2, true)
      const compressed = (fcCompressed & 0x40000000) !== 0
      const fc = compressed ? (fcCompressed & 0x3fffffff) / 2 : fcCompressed & 0x3fffffff
      if (cpEnd < cpStart || (pieces.length > 0 && cpStart < (pieces[pieces.length - 1]?.cpEnd ?? 0)))
        throw corrupt()
      const bytes = (cpEnd - cpStart) * (compressed ? 1 : 2)
      characters += cpEnd - cpStart
      if (!Number.isInteger(fc) || fc + bytes > wordDocument.length || characters > wordDocument.length)
        throw corrupt()
      pieces.push({ cpStart, cpEnd, fc, compressed })
    }
    return new PieceTable(pieces, wordDocument)
  }

  /** The last CP the pieces cover (exclusive). */
  get length(): number {
    return this.pieces[this.pieces.length - 1]?.cpEnd ?? 0
  }

  /** The text of CPs [start, end), one character per CP (string index + start is the CP). */
  text(start: number, end: number): string {
    const parts: string[] = []
    for (const piece of this.pieces) {
      const from = Math.max(start, piece.cpStart)
      const to = Math.min(end, piece.cpEnd)
      if (from >= to) continue
      const width = piece.compressed ? 1 : 2
      const bytes = this.wordDocument.subarray(
        piece.fc + (from - piece.cpStart) * width,
        piece.fc + (to - piece.cpStart) * width,
      )
      // MS-DOC 2.4.1: compressed characters are the Windows-1252 code page.
      parts.push(piece.compressed ? decodeWindows1252(bytes) : new TextDecoder('utf-16le').decode(bytes))
    }
    return parts.join('')
  }

  /** The stream byte offset of the character at `cp` (paragraph properties are keyed by it). */
  fcOf(cp: number): number | undefined {
    // Pieces are sorted by CP (checked in read()): binary search.
    let low = 0
    let high = this.pieces.length - 1
    while (low <= high) {
      const middle = (low + high) >> 1
      const piece = this.pieces[middle]
      if (piece === undefined) return undefined
      if (cp < piece.cpStart) high = middle - 1
      else if (cp >= piece.cpEnd) low = middle + 1
      else return piece.fc + (cp - piece.cpStart) * (piece.compressed ? 1 : 2)
    }
    return undefined
  }
}
