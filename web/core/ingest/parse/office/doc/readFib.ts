import { ParseError } from '../../../ParseError'

/** The parts of a Word 97-2003 File Information Block that text extraction needs. */
export interface Fib {
  /** '0Table' or '1Table' (FibBase.fWhichTblStm). */
  tableStream: '0Table' | '1Table'
  /** Character counts of the document's stories, in CP order: main text, footnotes, headers, comments, endnotes. */
  ccpText: number
  ccpFtn: number
  ccpHdd: number
  ccpAtn: number
  ccpEdn: number
  /** The piece table (Clx) in the table stream. */
  clx: { fc: number; lcb: number }
  /** The paragraph-properties bin table (PlcBtePapx) in the table stream. */
  plcfBtePapx: { fc: number; lcb: number }
  /** The stylesheet (STSH) in the table stream. */
  stshf: { fc: number; lcb: number }
}

const WORD_SIGNATURE = 0xa5ec
/** wIdent of Word 6 and Word 95 files. */
const WORD6_SIGNATURE = 0xa5dc
// nFib of Word 97; Word 6 and 95 files (nFib 101-105) lay out text without a piece table.
const NFIB_WORD97 = 0xc0

/**
 * Reads the FIB at the start of the WordDocument stream (MS-DOC 2.5.1): FibBase (32 bytes), then
 * the length-prefixed FibRgW, FibRgLw and FibRgFcLcb arrays, whose lengths are read from the file
 * rather than assumed. Throws ParseError for non-Word data, Word 95 and older, encrypted files and
 * FIBs that do not fit in the stream.
 */
export function readFib(wordDocument: Uint8Array): Fib {
  const view = new DataView(wordDocument.buffer, wordDocument.byteOffset, wordDocument.byteLength)
  // Word 6 and Word 95 sign their header differently: an old format, not a damaged file.
  if (view.byteLength >= 34 && view.getUint16(0, true) === WORD6_SIGNATURE) throw word95()
  if (view.byteLength < 34 || view.getUint16(0, true) !== WORD_SIGNATURE) {
    throw new ParseError('corrupt', 'The Word document is damaged: its header is missing')
  }
  if (view.getUint16(2, true) < NFIB_WORD97) throw word95()
  const flags = view.getUint16(0x0a, true)
  if ((flags & 0x0100) !== 0) {
    throw new ParseError(
      'not_supported',
      'This Word document is encrypted; remove the password and upload it again',
    )
  }
  const read = reader(view)
  const csw = read.u16(32)
  const lwStart = 34 + csw * 2 + 2
  const cslw = read.u16(lwStart - 2)
  const fcLcbStart = lwStart + cslw * 4 + 2
  const cbRgFcLcb = read.u16(fcLcbStart - 2)
  // FibRgLw97 holds at least 22 longs; FibRgFcLcb97 at least 93 fc/lcb pairs (fcClx is pair 33).
  if (cslw < 11 || cbRgFcLcb < 34)
    throw new ParseError('corrupt', 'The Word document is damaged: its header is truncated')
  const long = (index: number) => read.u32(lwStart + index * 4)
  const pair = (index: number) => ({
    fc: read.u32(fcLcbStart + index * 8),
    lcb: read.u32(fcLcbStart + index * 8 + 4),
  })
  return {
    tableStream: (flags & 0x0200) !== 0 ? '1Table' : '0Table',
    ccpText: long(3),
    ccpFtn: long(4),
    ccpHdd: long(5),
    ccpAtn: long(7),
    ccpEdn: long(8),
    clx: pair(33),
    plcfBtePapx: pair(13),
    stshf: pair(1),
  }
}

function reader(view: DataView) {
  const check = (offset: number, size: number) => {
    if (offset < 0 || offset + size > view.byteLength) {
      throw new ParseError('corrupt', 'The Word document is damaged: its header is truncated')
    }
  }
  return {
    u16(offset: number) {
      check(offset, 2)
      return view.getUint16(offset, true)
    },
    u32(offset: number) {
      check(offset, 4)
      return view.getUint32(offset, true)
    },
  }
}

function word95(): ParseError {
  return new ParseError(
    'not_supported',
    'Documents from Word 95 and earlier are not supported; save it as .docx',
  )
}
