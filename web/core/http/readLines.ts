/**
 * Lines of a UTF-8 byte stream, split at CRLF, LF or a lone CR (the SSE rule; NDJSON lines never
 * contain a raw CR, since JSON escapes it, so the same reader serves both). A CR that ends one read is
 * held until the next: it may be the first half of a CRLF split across two chunks. The final line is
 * yielded even without a line ending; callers decide what an unterminated line means.
 *
 * Abort: the reader is cancelled at once, so a body that is still arriving stops downloading, and the
 * generator throws the signal's reason, not the stream's own error. Stopping early (a consumer's
 * `break`) cancels the body too; a finished body is only released.
 */
export async function* readLines(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  signal?.throwIfAborted()
  const reader = body.getReader()
  const onAbort = (): void => {
    reader.cancel(signal?.reason).catch(() => undefined)
  }
  signal?.addEventListener('abort', onAbort, { once: true })
  // The decoder strips one leading byte order mark (ignoreBOM is false), as SSE requires.
  const decoder = new TextDecoder('utf-8')
  let buffered = ''
  let ended = false
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>
      try {
        result = await reader.read()
      } catch (error) {
        // An aborted fetch errors its body with its own AbortError; the caller wants the reason.
        signal?.throwIfAborted()
        throw error
      }
      // A cancel on abort ends the stream quietly ({done: true}); that must not look like a clean end.
      signal?.throwIfAborted()
      if (result.done) break
      buffered += decoder.decode(result.value, { stream: true })
      const { lines, rest } = splitLines(buffered, false)
      buffered = rest
      for (const line of lines) yield line
    }
    ended = true
    buffered += decoder.decode()
    const { lines, rest } = splitLines(buffered, true)
    for (const line of lines) yield line
    if (rest !== '') yield rest
  } finally {
    signal?.removeEventListener('abort', onAbort)
    if (!ended) await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}

const LF = 10
const CR = 13

/** Complete lines of `text` and what is left after the last line ending. */
function splitLines(text: string, final: boolean): { lines: string[]; rest: string } {
  const lines: string[] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === LF) {
      lines.push(text.slice(start, i))
      start = i + 1
    } else if (code === CR) {
      if (i + 1 === text.length && !final) break
      lines.push(text.slice(start, i))
      if (text.charCodeAt(i + 1) === LF) i++
      start = i + 1
    }
  }
  return { lines, rest: text.slice(start) }
}
