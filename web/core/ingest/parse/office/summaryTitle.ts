import { cleanLine } from './cleanText'
import type { CompoundFile } from './compoundFile'
import { decodeWindows1252 } from '../decodeWindows1252'

const PID_CODEPAGE = 0x01
const PID_TITLE = 0x02
const VT_LPSTR = 0x1e
const VT_LPWSTR = 0x1f
const CP_UTF16 = 1200

/**
 * The title from a compound file's `\x05SummaryInformation` property set (MS-OLEPS 2.21): the
 * stream header names the first property set's offset; that set lists (id, offset) pairs, and
 * PIDSI_TITLE is a VT_LPSTR in the set's code page (or a VT_LPWSTR). Any inconsistency means no
 * title: metadata is optional and never fails a parse.
 */
export function summaryTitle(file: CompoundFile): string | undefined {
  const stream = file.stream('\u0005SummaryInformation')
  if (stream === undefined || stream.length < 48) return undefined
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength)
  const inside = (offset: number, size: number) => offset >= 0 && offset + size <= view.byteLength
  const setStart = view.getUint32(44, true)
  if (!inside(setStart, 8)) return undefined
  const count = view.getUint32(setStart + 4, true)
  if (!inside(setStart + 8, count * 8)) return undefined
  const offsets = new Map<number, number>()
  for (let i = 0; i < count; i++) {
    offsets.set(
      view.getUint32(setStart + 8 + i * 8, true),
      setStart + view.getUint32(setStart + 12 + i * 8, true),
    )
  }
  const codePageAt = offsets.get(PID_CODEPAGE)
  const codePage =
    codePageAt !== undefined && inside(codePageAt, 6) ? view.getUint16(codePageAt + 4, true) : 1252
  const titleAt = offsets.get(PID_TITLE)
  if (titleAt === undefined || !inside(titleAt, 8)) return undefined
  const type = view.getUint16(titleAt, true)
  const length = view.getUint32(titleAt + 4, true)
  const wide = type === VT_LPWSTR || (type === VT_LPSTR && codePage === CP_UTF16)
  const size = type === VT_LPWSTR ? length * 2 : length
  if ((type !== VT_LPSTR && type !== VT_LPWSTR) || !inside(titleAt + 8, size)) return undefined
  const bytes = stream.subarray(titleAt + 8, titleAt + 8 + size)
  const text = cleanLine(decode(bytes, wide ? 'utf-16le' : `windows-${codePage}`).replace(/\0+$/, ''))
  return text === '' ? undefined : text
}

// Code pages TextDecoder does not know fall back to Windows-1252.
function decode(bytes: Uint8Array, label: string): string {
  if (label === 'windows-1252') return decodeWindows1252(bytes)
  try {
    return new TextDecoder(label).decode(bytes)
  } catch {
    return decodeWindows1252(bytes)
  }
}
