import { createHash } from 'node:crypto'
import { yieldToEventLoop } from '../../../web/core/kernel/time/yieldToEventLoop'

/** Bytes hashed between two yields to the event loop: about 10 ms of SHA-256. */
const HASH_SLICE = 4 * 1024 * 1024

/**
 * A file store's key (hex SHA-256) hashed a slice at a time with the event loop let run in between: a
 * 100 MB upload or a document's 360 MB chunk blob hashed in one call held the thread for a quarter
 * second (Web Crypto copies its whole input first). Node's own SHA-256, three times the speed of the
 * portable `Sha256` that `sha256Hex` falls back to for big inputs; same keys.
 */
export async function sha256InSlices(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256')
  for (let start = 0; start < bytes.length; start += HASH_SLICE) {
    hash.update(bytes.subarray(start, start + HASH_SLICE))
    if (start + HASH_SLICE < bytes.length) await yieldToEventLoop()
  }
  return hash.digest('hex')
}
