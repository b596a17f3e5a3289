/**
 * Reads a `text/event-stream` response as it arrives, the way the browser's sync client does, so a
 * test can wait for one event: `until` resolves with the first match of everything read so far, and
 * rejects when the stream ends or, given `withinMs`, when that time passes first.
 */
export function eventStreamReader(response: Response) {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const read = async (pattern: RegExp) => {
    while (!pattern.test(text)) {
      const next = await reader.read()
      if (next.done) throw new Error(`the stream ended: ${text}`)
      text += decoder.decode(next.value, { stream: true })
    }
    return pattern.exec(text)!
  }
  return {
    until(pattern: RegExp, withinMs?: number): Promise<RegExpExecArray> {
      if (withinMs === undefined) return read(pattern)
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no ${pattern} within ${withinMs} ms: ${text}`)), withinMs)
      })
      return Promise.race([read(pattern), timeout]).finally(() => clearTimeout(timer))
    },
    cancel: () => reader.cancel().catch(() => undefined),
  }
}
