import type { FileKind } from '../DocumentModel'
import { officeOpenXmlKind, SNIFF_HEAD_BYTES, sniffHead, ZIP } from './sniffFileKind'

/** Bytes [start, end) of a file; fewer only where the file ends first. */
export type ReadRange = (start: number, end: number) => Promise<Uint8Array>

const END_OF_DIRECTORY = 0x06054b50
const ZIP64_LOCATOR = 0x07064b50
/** The end-of-directory record's fixed part, and the longest comment that may follow it. */
const END_RECORD_BYTES = 22
const MAX_COMMENT_BYTES = 0xffff
/**
 * The most of a ZIP's end (its directory onwards) read to tell DOCX from PPTX: some 200,000 entries.
 * An Office file has hundreds; a bigger directory is no kind here (the ingest sniffs the whole file).
 */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024

/**
 * `sniffFileKind` for a file that is not in memory (an upload in the server's temporary file): its
 * first SNIFF_HEAD_BYTES, and for a ZIP its directory from the end, are all that is read, so a 100 MB
 * upload is never held whole to learn what it is. The same answer as `sniffFileKind` on the whole
 * file, but for a ZIP64 directory or one over MAX_DIRECTORY_BYTES, which are no kind (ordinary Office
 * files are neither; the name's kind stands in, and processing reads the whole file anyway).
 */
export async function sniffFileKindByRange(
  read: ReadRange,
  size: number,
  filename: string,
): Promise<FileKind | undefined> {
  const kind = sniffHead(await read(0, Math.min(size, SNIFF_HEAD_BYTES)), filename)
  if (kind !== ZIP) return kind
  const directory = await zipDirectory(read, size)
  return directory && officeOpenXmlKind(directory)
}

/**
 * The ZIP's end from its central directory on, with the directory's offset rewritten to 0: a ZIP that
 * lists the same names (the entries' data is not in it; `officeOpenXmlKind` reads names only).
 */
async function zipDirectory(read: ReadRange, size: number): Promise<Uint8Array | undefined> {
  const tailStart = Math.max(0, size - END_RECORD_BYTES - MAX_COMMENT_BYTES)
  const tail = await read(tailStart, size)
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength)
  // The last record signature, as the ZIP readers (and fflate) search for it.
  let end = tail.length - END_RECORD_BYTES
  while (end >= 0 && view.getUint32(end, true) !== END_OF_DIRECTORY) end--
  if (end < 0) return undefined
  if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) return undefined
  const directoryStart = view.getUint32(end + 16, true)
  const endAt = tailStart + end
  if (
    directoryStart === 0xffffffff ||
    directoryStart > endAt ||
    size - directoryStart > MAX_DIRECTORY_BYTES
  ) {
    return undefined
  }
  const rest = await read(directoryStart, size)
  if (rest.length !== size - directoryStart) return undefined
  const copy = new Uint8Array(rest)
  new DataView(copy.buffer).setUint32(endAt - directoryStart + 16, 0, true)
  return copy
}
