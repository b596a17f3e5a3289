import { createHash } from 'node:crypto'
import { readFileInParts } from './readFileInParts'

/** A part hashed between two reads: about 2 ms of SHA-256, the event loop free in between. */
const HASH_PART_BYTES = 1024 * 1024

/**
 * A file store's key (hex SHA-256, as `sha256InSlices` gives for the same bytes) of a file on disk,
 * hashed as it is read a part at a time: the file is never held whole (see readFileInParts).
 */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  await readFileInParts(path, HASH_PART_BYTES, (part) => void hash.update(part))
  return hash.digest('hex')
}
