/// <reference lib="webworker" />
import { expose } from 'comlink'
import type { ApiPorts } from '../../core/api/ApiPorts'
import { buildOpenApi } from '../../core/api/buildOpenApi'
import { invokeRoute } from '../../core/api/invokeRoute'
import { parseJsonBody } from '../../core/api/parseJsonBody'
import { routes } from '../../core/api/routes'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import type { MultipartBody } from '../../core/api/UploadedFile'
import { DocumentQueue } from '../../core/documents/DocumentQueue'
import { monotonicClock } from '../../core/time/Clock'
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
const store = new DexieStore(db)
const files = new DexieFileStore(db)
const clock = monotonicClock()
const newId = () => crypto.randomUUID()
const ingestor = new WebWorkerIngestor({ logError: console.error })
const documents = new DocumentQueue({ store, files, ingestor, clock, newId, logError: console.error })
const ports: ApiPorts = {
  store,
  clock,
  newId,
  files,
  documents,
  limits: { maxUploadBytes: MAX_UPLOAD_BYTES },
}
// Documents a closed tab or a reload interrupted are processed again.
documents.resumeUnfinished().catch(console.error)
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
