/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { isApiPath } from '../../core/api/isApiPath'
import { isFirstUseScript } from './firstUseScripts'

declare const self: ServiceWorkerGlobalScope

// The app shell and every lazy chunk, so that an offline reload loads all routes.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// Deep links (/collections, /docs) get the cached shell; the router takes it from there. API paths
// (plugin files included) are never the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/plugins\//] }),
)

// The ONNX runtime (about 27 MB) and the scripts of firstUseScripts.ts (WebLLM's worker, transformers.js),
// only needed once a person turns on a model, are not precached for everyone: they are cached on first
// use, and from then on load offline. Hashed names make cache-first safe.
registerRoute(
  ({ url }) =>
    url.pathname.startsWith('/assets/') && (url.pathname.endsWith('.wasm') || isFirstUseScript(url.pathname)),
  new CacheFirst({ cacheName: 'quire-runtimes' }),
)

// tesseract.js's worker, cores and language data (OCR of scans and images) likewise; their folder
// carries the tesseract.js version, so cache-first is safe (web/browser/ingest/tesseractAssets.ts).
registerRoute(
  ({ url }) => url.pathname.startsWith('/tesseract/'),
  new CacheFirst({ cacheName: 'quire-runtimes' }),
)

/**
 * msw's fetch listener (registered after this one) answers every request of a page with mocking
 * enabled, passing unmatched ones to the network, which would bypass the precache above. Requests
 * outside the API stop here, after Workbox has had its turn.
 */
self.addEventListener('fetch', (event) => {
  if (!isApiPath(new URL(event.request.url).pathname)) event.stopImmediatePropagation()
})
