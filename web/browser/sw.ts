/// <reference lib="webworker" />
/**
 * Quire's one service worker: Workbox precaching of the app shell, and msw routing of the REST
 * surface to the in-browser API. Import order is the order of the fetch listeners and matters.
 */
import './sw/swLifecycle'
import './sw/swApiGate'
import './sw/swPrecache'
import 'msw/mockServiceWorker.js'
