import { wrap, type Remote } from 'comlink'
import { setupWorker } from 'msw/browser'
import { registerServiceWorker } from '../pwa/serviceWorkerUpdates'
import type { ApiWorkerApi } from './ApiWorkerApi'
import { browserHandlers } from './browserHandlers'

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
 * page is answered locally; call it before anything fetches the API.
 */
export function startBrowserApi(): Promise<void> {
  started ??= (async () => {
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
    await setupWorker(...browserHandlers(api, routes)).start({
      serviceWorker: { url: SERVICE_WORKER_URL },
      onUnhandledRequest: 'bypass',
      quiet: true,
    })
  })()
  return started
}
