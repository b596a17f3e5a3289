/** One request a browser bench times, on any host: method, path on the host, JSON body. */
export interface TimedCall {
  method: 'GET' | 'POST'
  path: string
  body?: unknown
}

/** A timed answer: the whole request, and for a stream its first `token` event (the first word). */
export interface TimedAnswer {
  ms: number
  status: number
  /** `X-Quire-Host` (a page's answer must say `browser`). */
  host: string | null
  /** Ms to the first `event: token` of a server-sent stream; null when none came. */
  first_token_ms: number | null
  /** What the answer says in brief, to compare hosts: a search's passages, a stream's length. */
  digest: string
}
