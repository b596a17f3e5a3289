/**
 * How a stored API key is shown: `…` and its last four characters (`…abcd`), enough for a person to
 * tell which of their keys it is. A key shorter than 12 characters shows none of them: four would be a
 * third of it or more.
 */
export function keyHint(key: string): string {
  return key.length >= 12 ? `…${key.slice(-4)}` : '…'
}

// A head of up to 8 characters, an ellipsis, a tail of up to 4: Quire's `…abcd`, BrainDrive's
// `sk-proj...abcd`; BrainDrive's short-key forms are `***` and `s...d`.
const MASKED = /^(?:\S{0,8}(?:…|\.\.\.)\S{0,4}|\*+)$/u

/** Whether a string sent as a key is a masked one a client read and sent back, never a key itself. */
export function looksMasked(sent: string): boolean {
  return MASKED.test(sent)
}

/** Whether `sent` is the masked form of `key`: ours, or BrainDrive's (its head and tail match). */
export function isMaskOf(sent: string, key: string): boolean {
  if (sent === keyHint(key)) return true
  if (!looksMasked(sent)) return false
  const [head = '', tail = ''] = sent.split(/…|\.\.\./u)
  return head.length + tail.length < key.length && key.startsWith(head) && key.endsWith(tail)
}
