import { wrap, type Remote } from 'comlink'
import { setupWorker } from 'msw/browser'
import { compileRouteMatcher } from '../../core/api/compileRouteMatcher'
import { registerServiceWorker } from '../pwa/serviceWorkerUpdates'
import { API_READY } from '../sw/apiReadyMessage'
import type { ApiWorkerApi } from './ApiWorkerApi'
import { browserHandlers } from './browserHandlers'
import { directApiFetch } from './directApiFetch'
import { holdEarlyApiRequests } from './holdEarlyApiRequests'
import { untilControlled } from './untilControlled'

export const SERVICE_WORKER_URL = '/sw.js'

let started: Promise<void> | undefined
/** The API worker once started, for the calls that are no REST request (clearLocalData). */
let apiWorker: Remote<ApiWorkerApi> | undefined

/** The running API worker; throws before startBrowserApi has created it. */
export function browserApiWorker(): Remote<ApiWorkerApi> {
  if (!apiWorker) throw new Error('The in-browser API has not started')
  return apiWorker
}

/**
 * Starts the in-browser REST surface: the API worker (Dexie + route table), msw's page side, and
 * the service worker that routes /api requests to it. Resolves once `fetch('/api/...')` from this
 * page is answered locally; until then this page's /api requests wait for it.
 */
export function startBrowserApi(): Promise<void> {
  if (started) return started
  started = (async () => {
    if (!('serviceWorker' in navigator)) {
      throw new Error('This browser has no service workers, which Quire needs to run offline.')
    }
    const worker = new Worker(new URL('./apiWorker.ts', import.meta.url), {
      type: 'module',
      name: 'quire-api',
    })
    const api = wrap<ApiWorkerApi>(worker)
    apiWorker = api
    const [routes] = await Promise.all([api.routes(), registerServiceWorker(SERVICE_WORKER_URL)])
    // msw reloads a page the worker does not control yet (every first visit): take control first.
    const registration = await untilControlled()
    // msw checks for a new version of the worker without waiting for the answer: offline that check
    // fails, and would surface as an uncaught error. Workbox's own update checks report failures.
    const update = registration.update.bind(registration)
    Object.defineProperty(registration, 'update', {
      configurable: true,
      value: () => update().catch(() => undefined),
    })
    await setupWorker(...browserHandlers(api, routes)).start({
      serviceWorker: { url: SERVICE_WORKER_URL },
      onUnhandledRequest: 'bypass',
      quiet: true,
    })
    // The service worker holds this page's /api requests until it hears this (sw/swApiGate.ts).
    navigator.serviceWorker.controller?.postMessage({ type: API_READY })
    // From now on this page's own requests skip the service worker and msw (plugins' and scripts' do not).
    window.fetch = directApiFetch(api, compileRouteMatcher(routes), window.fetch.bind(window))
  })()
  holdEarlyApiRequests(started)
  return started
}
