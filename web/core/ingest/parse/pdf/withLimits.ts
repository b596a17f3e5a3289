import { ParseError } from '../../ParseError'

/** What the caller's signal turns into: the per-document time limit ran out. */
export function abortedError(): ParseError {
  return new ParseError(
    'timeout',
    'Reading this PDF took longer than the time limit allowed, so it was stopped.',
  )
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortedError()
}

export interface Limits {
  signal?: AbortSignal
  /** Rejects with `onTimeout()` after this long; a step of pdf.js that never settles cannot hang a parse. */
  timeoutMs: number
  onTimeout: () => Error
}

/**
 * Settles with `promise`, or rejects as soon as the signal aborts or the step's own time runs out. The
 * losing promise keeps its handlers, so its late rejection is not reported as unhandled. This bounds waiting
 * only: when pdf.js runs on the calling thread (Node's fake worker) a synchronous loop inside it also blocks
 * these timers, which is why hosts run parses in a worker they can terminate.
 */
export function withLimits<T>(promise: Promise<T>, { signal, timeoutMs, onTimeout }: Limits): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError())
      return
    }
    const onAbort = () => finish(() => reject(abortedError()))
    const timer = setTimeout(() => finish(() => reject(onTimeout())), timeoutMs)
    signal?.addEventListener('abort', onAbort, { once: true })
    let done = false
    function finish(settle: () => void): void {
      if (done) return
      done = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      settle()
    }
    promise.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    )
  })
}
