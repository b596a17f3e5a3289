import { serviceWorkerRoute } from '../../browser/api/startBrowserApi'
import { ApiRequestError } from './ApiRequestError'
import { errorFromAnswer } from './ApiValidationError'

export interface FormProgressOptions {
  /** The share of the body sent so far, 0..1; called as the upload goes, and with 1 once it is all sent. */
  onUploadProgress?: (sent: number) => void
  signal?: AbortSignal
}

/**
 * POSTs a multipart form and resolves with the JSON answer, reporting how much of the body has gone.
 * XMLHttpRequest, because fetch has no upload progress; it travels the same way (the service worker and
 * the in-browser API, or the server). Failures reject as `requestJson`'s do (ApiRequestError, status 0
 * when nothing answered), and a 422 listing broken rules as an ApiValidationError naming each one.
 */
export async function sendFormWithProgress<T>(
  path: string,
  form: FormData,
  options: FormProgressOptions = {},
): Promise<T> {
  // XMLHttpRequest does not pass through the page's `fetch` (the direct path and its hold), so a request to
  // this origin waits until the service worker routes /api: on a first visit the app is on screen before
  // the worker has precached it and may control the page, and until then this would reach the network.
  if (new URL(path, location.href).origin === location.origin)
    await serviceWorkerRoute().catch(() => undefined)
  options.signal?.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.responseType = 'text'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total)
    }
    xhr.upload.onload = () => options.onUploadProgress?.(1)
    xhr.onerror = () =>
      reject(new ApiRequestError(0, 'The Quire API could not be reached. Reload the page to restart it.'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    xhr.onload = () => {
      let body: unknown
      try {
        body = xhr.responseText === '' ? undefined : (JSON.parse(xhr.responseText) as unknown)
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T)
      else reject(errorFromAnswer(xhr.status, xhr.statusText, body))
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}
