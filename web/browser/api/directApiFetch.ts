import type { Remote } from 'comlink'
import { apiPathAtTheDoor } from '../../core/api/apiPathAtTheDoor'
import type { RouteMatcher } from '../../core/api/compileRouteMatcher'
import type { ApiWorkerApi } from './ApiWorkerApi'
import { apiResultResponse } from './apiResultResponse'
import { toWorkerRequest } from './toWorkerRequest'
import { VIA_SERVICE_WORKER } from './viaServiceWorker'

/** msw's mark on a request meant for the network (`bypass()`, `serverFetch`). */
const BYPASS = 'msw/passthrough'

/**
 * A `fetch` for this page whose own `/api` requests go straight to the API worker: the route is
 * matched here with the compiled table and the request handed to the worker in one message, with no
 * service worker, no msw and no copy of the response through either (about 8 ms a request before).
 * What the direct path does not take goes to `next` unchanged, where the service worker and msw answer
 * it exactly as before: another origin, a path no route matches (the server-only routes and the 404s
 * live there), a request marked for the network or for the service worker, a request with a body the
 * page cannot read twice (a stream).
 */
export function directApiFetch(
  api: Remote<ApiWorkerApi>,
  match: RouteMatcher,
  next: typeof fetch,
): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined
    const url = new URL(request ? request.url : String(input), location.href)
    if (url.origin !== location.origin) return next(input, init)
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase()
    // Only a path already in its one spelling goes direct; the door's folding and refusals are msw's.
    const door = apiPathAtTheDoor(url.pathname)
    if (door.kind !== 'api' || door.path !== url.pathname) return next(input, init)
    const found = match(method, url.pathname)
    if (!found) return next(input, init)
    const headers = new Headers(init?.headers ?? request?.headers)
    if (headers.has(VIA_SERVICE_WORKER) || headers.get('accept')?.includes(BYPASS)) return next(input, init)
    if (init?.body instanceof ReadableStream) return next(input, init)
    const signal = init?.signal ?? request?.signal
    signal?.throwIfAborted()
    const whole = request ? (init ? new Request(request, init) : request) : new Request(url, init)
    const result = await untilAborted(
      api.invoke(await toWorkerRequest(whole, found.route, found.params)),
      signal,
    )
    if (result.stream && signal) result.stream = cancelledWith(result.stream, signal)
    return apiResultResponse(result)
  }
}

/** `work`, or the signal's abort as fetch rejects with it (the work itself runs on, as on msw's path). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason)
    signal.addEventListener('abort', abort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

/**
 * The worker's stream, read through, so that aborting the request cancels it (the model's request with
 * it: "stop" in the chat) and errors the reader with the abort, as a fetch body does.
 */
function cancelledWith(stream: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = stream.getReader()
  let controllerOf: ReadableStreamDefaultController<Uint8Array> | undefined
  const abort = () => {
    void reader.cancel(signal.reason).catch(() => undefined)
    controllerOf?.error(signal.reason)
  }
  signal.addEventListener('abort', abort, { once: true })
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controllerOf = controller
    },
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) {
          signal.removeEventListener('abort', abort)
          controller.close()
        } else controller.enqueue(value)
      } catch (error) {
        if (!signal.aborted) controller.error(error)
      }
    },
    cancel(reason) {
      signal.removeEventListener('abort', abort)
      return reader.cancel(reason)
    },
  })
}
