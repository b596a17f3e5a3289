import { concatBytes } from '../kernel/bytes/concatBytes'

/**
 * Reads a response's body up to `maxBytes`, cancelling the rest: a page or an answer larger than the
 * cap costs no more than the cap to read. `cut` says whether bytes were left unread.
 */
export async function readAtMost(
  response: Response,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; cut: boolean }> {
  if (!response.body) return { bytes: new Uint8Array(0), cut: false }
  const reader = response.body.getReader()
  const parts: Uint8Array[] = []
  let length = 0
  let cut = false
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const room = maxBytes - length
    if (value.byteLength > room) {
      parts.push(value.subarray(0, room))
      length += room
      cut = true
      await reader.cancel().catch(() => {})
      break
    }
    parts.push(value)
    length += value.byteLength
  }
  return { bytes: concatBytes(parts), cut }
}
