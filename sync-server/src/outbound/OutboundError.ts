/** Why the outbound policy stopped a request (see DESIGN.md section 10). */
export type OutboundFailure = 'refused' | 'timeout' | 'too-large' | 'redirect'

/**
 * A request to a URL a person supplied that the server would not make or finish. Its message is a
 * sentence for that person ("localhost resolves to a loopback address 127.0.0.1, which this server
 * does not reach; ..."), and never holds anything the remote server sent: callers (the answer
 * generators' `providerFetch`) show it as the reason a provider could not be reached.
 */
export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
  ) {
    super(message)
    this.name = 'OutboundError'
  }
}

/**
 * The error a failed outbound request is reported as: the caller's own abort reason when it stopped
 * the request; the policy's OutboundError (undici wraps errors from the connection in a TypeError's
 * `cause`); undici's timeouts worded with the limit that ran out; anything else as it is (refused
 * connections and DNS failures are worded by the core's `describeFailure`).
 */
export function outboundFailure(
  error: unknown,
  signals: { caller: AbortSignal; deadline: AbortSignal },
  limits: { connectTimeoutMs: number; idleTimeoutMs: number },
): unknown {
  if (signals.caller.aborted) return signals.caller.reason
  if (signals.deadline.aborted) return signals.deadline.reason
  for (let cause = error, depth = 0; cause && depth < 4; depth++) {
    if (cause instanceof OutboundError) return cause
    const code = (cause as { code?: unknown }).code
    if (code === 'UND_ERR_CONNECT_TIMEOUT')
      return new OutboundError(
        'timeout',
        `timed out: could not connect within ${seconds(limits.connectTimeoutMs)}`,
      )
    if (code === 'UND_ERR_HEADERS_TIMEOUT')
      return new OutboundError('timeout', `timed out: no answer within ${seconds(limits.idleTimeoutMs)}`)
    if (code === 'UND_ERR_BODY_TIMEOUT')
      return new OutboundError(
        'timeout',
        `timed out: the answer stalled for ${seconds(limits.idleTimeoutMs)}`,
      )
    cause = (cause as { cause?: unknown }).cause
  }
  return error
}

/** `10 s`, `0.5 s`. */
export function seconds(ms: number): string {
  return `${Math.round(ms) / 1000} s`
}

/** `10 MB`, `64 KB`: limits as people read them. */
export function megabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}
