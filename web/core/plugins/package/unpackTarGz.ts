import { Gunzip } from 'fflate'
import { ApiError } from '../../kernel/ApiError'
import { brokenArchive } from './packageErrors'
import { TarParser } from './TarParser'
import type { UnpackBudget, UnpackedFile } from './UnpackBudget'

/** Compressed bytes handed to fflate at a time. Deflate expands at most ~1,032 times, so one push makes
 *  at most ~4 MB: a bomb is stopped within one slice of passing a limit. (Smaller slices cost more
 *  copying in fflate's streaming window for every real package.) */
const INFLATE_SLICE = 4096

/**
 * Unpacks a .tar.gz's files (folders skipped) within `budget`, refusing unsafe entries. The tar is
 * parsed as it is inflated; the ratio of the stream inflated so far to the compressed bytes read so
 * far is checked on every chunk (a tar.gz has one stream, so there is no per-entry ratio to check),
 * and inflating stops at the tar's end-of-archive block.
 */
export function unpackTarGz(bytes: Uint8Array, budget: UnpackBudget): UnpackedFile[] {
  const files: UnpackedFile[] = []
  const tar = new TarParser(budget, (file) => files.push(file))
  let consumed = 0
  let inflated = 0
  const gunzip = new Gunzip((chunk) => {
    if (tar.done) return
    inflated += chunk.length
    budget.checkRatio(inflated, consumed, 'the archive')
    tar.push(chunk)
  })
  try {
    for (let at = 0; at < bytes.length && !tar.done; at += INFLATE_SLICE) {
      consumed = Math.min(at + INFLATE_SLICE, bytes.length)
      gunzip.push(bytes.subarray(at, consumed), consumed === bytes.length)
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    // What follows the tar's end (gzip padding some tools add) may not parse; the files are all read.
    if (!tar.done) {
      throw brokenArchive(
        'tar.gz',
        `the gzip stream is damaged (${error instanceof Error ? error.message : String(error)})`,
      )
    }
  }
  tar.finish()
  return files
}
