/// <reference lib="webworker" />
import { expose } from 'comlink'
import { buildOpenApi } from '../../core/api/buildOpenApi'
import { invokeRoute } from '../../core/api/invokeRoute'
import { parseJsonBody } from '../../core/api/parseJsonBody'
import { routes } from '../../core/api/routes'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import { monotonicClock } from '../../core/time/Clock'
import { DexieStore } from '../store/DexieStore'
import type { ApiWorkerApi } from './ApiWorkerApi'

/**
 * The API worker: owns the IndexedDB store and runs the shared route table, off the UI thread.
 * The page's msw handlers forward each matched request here.
 */
const ports = { store: new DexieStore(), clock: monotonicClock(), newId: () => crypto.randomUUID() }
let openApi: Record<string, unknown> | undefined

const api: ApiWorkerApi = {
  async routes() {
    return routes.map(({ method, path }) => ({ method, path }))
  },
  async invoke({ route: index, params, query, bodyText, contentType }) {
    const route = routes[index]
    if (!route) return unmatchedRoute('?', `route #${index}`)
    return invokeRoute(route, { params, query, body: () => parseJsonBody(bodyText, contentType) }, ports)
  },
  async openApi() {
    openApi ??= buildOpenApi(routes)
    return openApi
  },
}

expose(api)
