/** What a route handler produces; each host writes it onto its own response type. */
export interface ApiResult {
  status: number
  /** JSON-serialisable body; `undefined` means an empty body (204). */
  body?: unknown
  headers?: Record<string, string>
}
