import { wrap, type Remote } from 'comlink'
import { compileRouteMatcher } from '../../core/api/compileRouteMatcher'
import { registerServiceWorker } from '../pwa/serviceWorkerUpdates'
import { API_READY } from '../sw/apiReadyMessage'
import type { ApiWorkerApi, RouteSummary } from './ApiWorkerApi'
import { directApiFetch } from './directApiFetch'
import { holdEarlyApiRequests } from './holdEarlyApiRequests'
import { untilControlled } from './untilControlled'

export const SERVICE_WORKER_URL = '/sw.js'

let started: Promise<void> | undefined
let routed: Promise<void> | undefined
/** The API worker once started, for the calls that are no REST request (clearLocalData). */
let apiWorker: Remote<ApiWorkerApi> | undefined

/** The running API worker; throws before startBrowserApi has created it. */
export function browserApiWorker(): Remote<ApiWorkerApi> {
  if (!apiWorker) throw new Error('The in-browser API has not started')
  return apiWorker
}

/**
 * Starts the in-browser REST surface: the API worker (Dexie + route table), then, beside the page, msw's
 * page side and the service worker that routes /api requests to it. Resolves once this page's own
 * `fetch('/api/...')` is answered by the worker, which needs no service worker (`directApiFetch`): the
 * app renders then. A first visit's service worker precaches the whole app before it may control the
 * page (about a hundred files, one at a time: 4 s from localhost, far longer over a network), and no
 * screen of the app needs it to draw; plugins' frames, scripts on the page and requests the direct path
 * leaves to msw do, and wait for `serviceWorkerRoute()` (`holdEarlyApiRequests`, `sw/swApiGate.ts`).
 */
export function startBrowserApi(): Promise<void> {
  if (started) return started
  if (!('serviceWorker' in navigator)) {
    started = Promise.reject(
      new Error('This browser has no service workers, which Quire needs to run offline.'),
    )
    return started
  }
  const worker = new Worker(new URL('./apiWorker.ts', import.meta.url), {
    type: 'module',
    name: 'quire-api',
  })
  const api = wrap<ApiWorkerApi>(worker)
  apiWorker = api
  const routes = api.routes()
  started = routes.then((table) => {
    // From now on this page's own requests skip the service worker and msw (plugins' and scripts' do not).
    window.fetch = directApiFetch(api, compileRouteMatcher(table), window.fetch.bind(window))
  })
  routed = routeThroughServiceWorker(api, routes)
  holdEarlyApiRequests(started, routed)
  return started
}

/**
 * Resolves once the service worker controls this page and routes its /api requests through msw to the
 * API worker: what plugins' frames, scripts and the requests `directApiFetch` does not take need, and
 * what makes a reload work offline (the precache is complete by then).
 */
export function serviceWorkerRoute(): Promise<void> {
  return routed ?? Promise.reject(new Error('The in-browser API has not started'))
}

async function routeThroughServiceWorker(
  api: Remote<ApiWorkerApi>,
  routes: Promise<RouteSummary[]>,
): Promise<void> {
  await registerServiceWorker(SERVICE_WORKER_URL)
  // msw reloads a page the worker does not control yet (every first visit): take control first.
  const registration = await untilControlled()
  // msw checks for a new version of the worker without waiting for the answer: offline that check
  // fails, and would surface as an uncaught error. Workbox's own update checks report failures.
  const update = registration.update.bind(registration)
  Object.defineProperty(registration, 'update', {
    configurable: true,
    value: () => update().catch(() => undefined),
  })
  // msw's page side is needed only here, so it loads beside the app rather than before it.
  const [{ setupWorker }, { browserHandlers }] = await Promise.all([
    import('msw/browser'),
    import('./browserHandlers'),
  ])
  await setupWorker(...browserHandlers(api, await routes)).start({
    serviceWorker: { url: SERVICE_WORKER_URL },
    onUnhandledRequest: 'bypass',
    quiet: true,
  })
  // The service worker holds this page's /api requests until it hears this (sw/swApiGate.ts).
  navigator.serviceWorker.controller?.postMessage({ type: API_READY })
}
