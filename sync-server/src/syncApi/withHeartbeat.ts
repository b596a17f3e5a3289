const HEARTBEAT = new TextEncoder().encode(': heartbeat\n\n')

/**
 * Wraps an SSE byte stream so that an SSE comment goes out every `everyMs` while it is open: idle
 * connections are otherwise cut by proxies and load balancers, and a client cannot tell a quiet
 * stream from a dead one. The source's chunks are whole SSE frames (`eventStream` enqueues one frame
 * per chunk), so a comment between two chunks never splits an event. Cancelling the wrapper (the
 * client left) cancels the source, which aborts its producer.
 */
export function withHeartbeat(
  source: ReadableStream<Uint8Array>,
  everyMs: number,
): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  let timer: ReturnType<typeof setInterval> | undefined
  const stop = () => {
    if (timer !== undefined) clearInterval(timer)
    timer = undefined
  }
  return new ReadableStream<Uint8Array>({
    start(output) {
      timer = setInterval(() => {
        try {
          output.enqueue(HEARTBEAT)
        } catch {
          stop() // closed or errored meanwhile
        }
      }, everyMs)
      // A stream nobody reads must not keep the process alive on its own.
      ;(timer as { unref?: () => void }).unref?.()
    },
    async pull(output) {
      try {
        const next = await reader.read()
        if (next.done) {
          stop()
          output.close()
        } else output.enqueue(next.value)
      } catch (error) {
        stop()
        output.error(error)
      }
    },
    async cancel(reason) {
      stop()
      await reader.cancel(reason)
    },
  })
}
