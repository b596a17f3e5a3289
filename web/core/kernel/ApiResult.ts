/** What a route handler produces; each host writes it onto its own response type. */
export interface ApiResult {
  status: number
  /** JSON-serialisable body; `undefined` means an empty body (204). */
  body?: unknown
  /**
   * A streamed body (server-sent events) sent as it is produced, instead of `body`. Cancelling it
   * (the client went away, or pressed stop) is how a handler learns to stop its work.
   */
  stream?: ReadableStream<Uint8Array>
  headers?: Record<string, string>
}
