import { ParseError } from '../../../ParseError'

/** A PowerPoint 97-2003 record (MS-PPT 2.3.1 RecordHeader + data). */
export interface PptRecord {
  type: number
  instance: number
  /** Containers have version 0xF: their data is a sequence of records. */
  version: number
  /** Offset of the record's data (just after its 8-byte header) in the stream. */
  start: number
  /** Offset just past the record's data. */
  end: number
}

/** Record types used here (MS-PPT 2.13.24 RecordType). */
export const RT = {
  Document: 0x03e8,
  Slide: 0x03ee,
  SlideAtom: 0x03ef,
  Notes: 0x03f0,
  SlidePersistAtom: 0x03f3,
  OutlineTextRefAtom: 0x0f9e,
  TextHeaderAtom: 0x0f9f,
  TextCharsAtom: 0x0fa0,
  TextBytesAtom: 0x0fa8,
  SlideListWithText: 0x0ff0,
  UserEditAtom: 0x0ff5,
  PersistDirectoryAtom: 0x1772,
  // OfficeArt (MS-ODRAW) drawing records inside slides.
  SpgrContainer: 0xf003,
  SpContainer: 0xf004,
  FOPT: 0xf00b,
  ChildAnchor: 0xf00f,
  TertiaryFOPT: 0xf122,
} as const

const corrupt = () =>
  new ParseError('corrupt', 'The PowerPoint file is damaged: a record points outside the file')

/** The record whose header is at `offset`; it must end within `limit`. */
export function recordAt(view: DataView, offset: number, limit = view.byteLength): PptRecord {
  if (offset < 0 || offset + 8 > limit) throw corrupt()
  const versionAndInstance = view.getUint16(offset, true)
  const length = view.getUint32(offset + 4, true)
  const start = offset + 8
  if (start + length > limit) throw corrupt()
  return {
    version: versionAndInstance & 0x0f,
    instance: versionAndInstance >> 4,
    type: view.getUint16(offset + 2, true),
    start,
    end: start + length,
  }
}

/**
 * The child records of a container, in order. A child that overruns its parent ends the list
 * (PowerPoint itself tolerates trailing garbage), so a damaged record loses only what follows it.
 */
export function childRecords(view: DataView, parent: PptRecord): PptRecord[] {
  const children: PptRecord[] = []
  if (parent.version !== 0x0f) return children
  let offset = parent.start
  while (offset + 8 <= parent.end) {
    const length = view.getUint32(offset + 4, true)
    if (offset + 8 + length > parent.end) break
    children.push(recordAt(view, offset, parent.end))
    offset += 8 + length
  }
  return children
}

/** A 32-bit field of a record's data, or undefined where the record is too short. */
export function u32(view: DataView, record: PptRecord, at: number): number | undefined {
  return record.start + at + 4 <= record.end ? view.getUint32(record.start + at, true) : undefined
}
