import { admitEntries } from './admitEntries'
import type { UnpackBudget, UnpackedFile } from './UnpackBudget'
import {
  broken,
  EntryInflater,
  localDataStart,
  readCentralEntries,
  readEnd64,
  readEndRecord,
  ZIP64_END_BYTES,
  ZIP_TAIL_BYTES,
  type CentralEntry,
} from './zipStructure'

/** Unpacks a zip's files (folders skipped) within `budget`, refusing unsafe entries (`zipStructure`). */
export function unpackZip(bytes: Uint8Array, budget: UnpackBudget): UnpackedFile[] {
  const wanted = admitEntries(readCentralDirectory(bytes, budget), budget, bytes.length)
  // Sizes were declared; the inflating below holds every entry to its declared size, and counts the
  // whole archive's ratio again in case several entries share (overlap) the same compressed data.
  let inflatedTotal = 0
  return wanted.map(({ entry, path }) => {
    const start = localDataStart(bytes.subarray(entry.localOffset), entry, bytes.length)
    // The declared size was admitted by the budget, so this allocation is bounded; nothing is ever
    // written past it, whatever the data holds.
    const out = new Uint8Array(entry.size)
    let written = 0
    const inflater = new EntryInflater(entry, budget, (chunk) => {
      out.set(chunk, written)
      written += chunk.length
      inflatedTotal += chunk.length
      budget.checkRatio(inflatedTotal, bytes.length, 'the archive')
    })
    inflater.push(bytes.subarray(start, start + entry.compressedSize), true)
    inflater.finish()
    return { path, bytes: out }
  })
}

function readCentralDirectory(bytes: Uint8Array, budget: UnpackBudget): CentralEntry[] {
  const tailStart = Math.max(0, bytes.length - ZIP_TAIL_BYTES)
  const found = readEndRecord(bytes.subarray(tailStart), tailStart)
  const place =
    'end64At' in found ? readEnd64(bytes.subarray(found.end64At, found.end64At + ZIP64_END_BYTES)) : found
  if (place.offset + place.size > bytes.length)
    throw broken('its central directory lies past the end of the file')
  return readCentralEntries(bytes.subarray(place.offset, place.offset + place.size), place.count, budget)
}
