import { megabytes, OutboundError } from './OutboundError'

/** Statuses whose answers have no body (a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

export interface BoundedResponseOptions {
  maxBytes: number
  /** Turns a failure while reading into what the caller sees (see `outboundFailure`). */
  explain: (error: unknown) => unknown
  /** Called once the body is done with (read to the end, failed or cancelled): clears the deadline. */
  settled: () => void
}

/**
 * The answer as a plain Response whose body stops at `maxBytes`: a declared Content-Length over the
 * limit is refused before any of the body is read; otherwise the bytes are counted as they arrive
 * (after decompression, so a small gzip bomb is cut too), and past the limit the connection is
 * dropped and the body errors with an OutboundError. Read errors go through `explain`.
 */
export async function boundedResponse(
  upstream: {
    status: number
    statusText: string
    headers: Iterable<[string, string]> & { get(name: string): string | null }
    body: ReadableStream<Uint8Array> | null
  },
  url: URL,
  options: BoundedResponseOptions,
): Promise<Response> {
  const tooLarge = () =>
    new OutboundError(
      'too-large',
      `the answer from ${url.host} is larger than ${megabytes(options.maxBytes)}, the most this server reads`,
    )
  const declared = Number(upstream.headers.get('content-length') ?? '')
  if (upstream.body && Number.isFinite(declared) && declared > options.maxBytes) {
    await upstream.body.cancel().catch(() => {})
    options.settled()
    throw tooLarge()
  }
  const init = { status: upstream.status, statusText: upstream.statusText, headers: [...upstream.headers] }
  if (!upstream.body || NULL_BODY.has(upstream.status)) {
    await upstream.body?.cancel().catch(() => {})
    options.settled()
    return new Response(null, init)
  }
  const reader = upstream.body.getReader()
  let received = 0
  let finished = false
  const finish = () => {
    if (finished) return
    finished = true
    options.settled()
  }
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch (error) {
        finish()
        controller.error(options.explain(error))
        return
      }
      if (chunk.done) {
        finish()
        controller.close()
        return
      }
      received += chunk.value.byteLength
      if (received > options.maxBytes) {
        finish()
        // Cancelling the source aborts undici's request, which closes the connection.
        await reader.cancel().catch(() => {})
        controller.error(tooLarge())
        return
      }
      controller.enqueue(chunk.value)
    },
    async cancel(reason) {
      finish()
      await reader.cancel(reason).catch(() => {})
    },
  })
  return new Response(body, init)
}
