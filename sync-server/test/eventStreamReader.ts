import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
/**
 * Reads a `text/event-stream` response as it arrives, the way the browser's sync client does, so a
 * test can wait for one event: `until` resolves with the first match of everything read so far, and
 * rejects when the stream ends or, given `withinMs`, when that time passes first.
 */
export function eventStreamReader(response: Response) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  // The first match of `pattern` in what has arrived that `accept` takes (every match is tried, in order).
  const find = (pattern: RegExp, accept: (match: RegExpExecArray) => boolean) => {
    const all = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`)
    for (const match of text.matchAll(all)) if (accept(match)) return match
    return undefined
  }
  const read = async (pattern: RegExp, accept: (match: RegExpExecArray) => boolean) => {
    for (;;) {
      const found = find(pattern, accept)
      if (found) return found
      const next = await reader.read()
      if (next.done) throw new Error(`the stream ended: ${text}`)
      text += decoder.decode(next.value, { stream: true })
    }
  }
  return {
    /**
     * Waits for `pattern` in the stream so far (within `withinMs`, scaled, when given); with `accept`, for a
     * match it accepts: an earlier event of the same kind (a change before this test's) is passed over.
     */
    until(
      pattern: RegExp,
      withinMs?: number,
      accept: (match: RegExpExecArray) => boolean = () => true,
    ): Promise<RegExpExecArray> {
      if (withinMs === undefined) return read(pattern, accept)
      // `withinMs` is sized for a quiet machine: the wait grows with the run's measured slowdown.
      const limitMs = scaledTimeout(withinMs)
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no ${pattern} within ${limitMs} ms: ${text}`)), limitMs)
      })
      return Promise.race([read(pattern, accept), timeout]).finally(() => clearTimeout(timer))
    },
    cancel: () => reader.cancel().catch(() => undefined),
  }
}
