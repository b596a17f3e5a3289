/// <reference lib="webworker" />
import { expose } from 'comlink'
import { buildOpenApi } from '../../core/api/buildOpenApi'
import { createApiPorts } from '../../core/api/createApiPorts'
import { invokeRoute } from '../../core/api/invokeRoute'
import { parseJsonBody } from '../../core/api/parseJsonBody'
import { routes } from '../../core/api/routes'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import type { MultipartBody } from '../../core/api/UploadedFile'
import { WebWorkerIngestor } from '../ingest/WebWorkerIngestor'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import type { ApiWorkerApi, WorkerRequest } from './ApiWorkerApi'

/** The in-browser upload limit, as the server's default MAX_UPLOAD_MB. */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024

/**
 * The API worker: owns the IndexedDB store, runs the shared route table off the UI thread, and
 * processes uploaded documents in the background (in its own ingest worker). The page's msw
 * handlers forward each matched request here.
 */
const db = new QuireDatabase()
const { ports, start } = createApiPorts({
  store: new DexieStore(db),
  files: new DexieFileStore(db),
  ingestor: new WebWorkerIngestor({ logError: console.error }),
  maxUploadBytes: MAX_UPLOAD_BYTES,
})
// The search index is rebuilt from stored chunks; documents a closed tab or reload interrupted resume.
start().catch(console.error)
let openApi: Record<string, unknown> | undefined

const api: ApiWorkerApi = {
  async routes() {
    return routes.map(({ method, path }) => ({ method, path }))
  },
  async invoke(request) {
    const route = routes[request.route]
    if (!route) return unmatchedRoute('?', `route #${request.route}`)
    return invokeRoute(
      route,
      { params: request.params, query: request.query, body: () => requestBody(request) },
      ports,
    )
  },
  async openApi() {
    openApi ??= buildOpenApi(routes)
    return openApi
  },
}

function requestBody(request: WorkerRequest): unknown {
  if (!request.multipart) return parseJsonBody(request.bodyText, request.contentType)
  const body: MultipartBody = { fields: request.multipart.fields, files: {} }
  for (const [name, list] of Object.entries(request.multipart.files)) {
    body.files[name] = list.map((file) => ({
      filename: file.name,
      contentType: file.type || 'application/octet-stream',
      size: file.size,
      bytes: async () => new Uint8Array(await file.arrayBuffer()),
    }))
  }
  return body
}

expose(api)
