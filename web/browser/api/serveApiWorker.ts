/// <reference lib="webworker" />
/**
 * The API worker: owns the IndexedDB store, runs the shared route table off the UI thread, and
 * processes uploaded documents in the background (in its own ingest worker). The page's msw
 * handlers forward each matched request here. Imported by the worker's entry (`apiWorker.ts`), which
 * has begun the index's reads (`earlyIndexRead`); evaluating this module sets everything up.
 */
import { type Endpoint, expose, transfer } from 'comlink'
import Dexie from 'dexie'
import { SyncAccount } from '../../core/account/SyncAccount'
import { browserRoutes } from '../../core/api/browserRoutes'
import { buildOpenApi } from '../../core/api/buildOpenApi'
import { createApiPorts } from '../../core/api/createApiPorts'
import { invokeRoute } from '../../core/api/invokeRoute'
import { parseJsonBody } from '../../core/api/parseJsonBody'
import { createEmbedderLoads } from '../../core/api/settings/createEmbedderLoads'
import { ApiError } from '../../core/kernel/ApiError'
import { catalogUrlSetting } from '../../core/api/platform/plugins/catalogUrlSetting'
import { BUILT_IN_CATALOG_PATH } from '../../core/api/platform/plugins/pluginCatalog'
import { ownOriginIsServer } from './ownOriginIsServer'
import { unmatchedRoute } from '../../core/api/unmatchedRoute'
import type { MultipartBody } from '../../core/kernel/UploadedFile'
import { blobSource } from './blobSource'
import type { ChatModel } from '../../core/generate/ChatModel'
import { earlyIndexRead } from './earlyIndexRead'
import { searchWarmUpShapes } from '../../core/retrieve/searchWarmUpShapes'
import { ManagedIndex } from '../../core/retrieve/snapshot/ManagedIndex'
import { systemClock } from '../../core/kernel/time/Clock'
import {
  browserWebLlmHost,
  startWebLlmLoad,
  webLlmModels,
  webLlmProgress,
} from '../generate/browserWebLlmHost'
import { webLlmChatModel } from '../generate/webLlmChatModel'
import { browserEmbedderFor } from '../ingest/browserEmbedderFor'
import { ingestWorkers, WebWorkerIngestor } from '../ingest/WebWorkerIngestor'
import { DexieAccountVault } from '../store/DexieAccountVault'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieIndexSnapshots } from '../store/DexieIndexSnapshots'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { browserSync } from '../sync/browserSync'
import { followFolder } from '../../core/folders/followFolder'
import { browserFolderHost } from '../folders/browserFolderHost'
import { isDirectoryHandle, saveFolderHandle } from '../folders/folderHandles'
import type { ApiWorkerApi, WorkerRequest } from './ApiWorkerApi'
import { fetchOutbound } from './fetchOutbound'
import { forwardToServer } from './forwardToServer'
import { serverFetch } from './serverFetch'

/** How often followed folders are checked while the app is open (the browser has no folder watcher). */
const FOLDER_CHECK_MS = 3 * 60 * 1000

/** The in-browser upload limit, as the server's default MAX_UPLOAD_MB. */
const MAX_UPLOAD_BYTES = 100 * 1024 * 1024

// One WebLLM model at a time, kept while it is the one chosen: loading it is the slow part.
let webLlm: { id: string; model: ChatModel } | undefined
function webLlmModel(id: string): ChatModel {
  if (webLlm?.id !== id) webLlm = { id, model: webLlmChatModel(id, browserWebLlmHost) }
  return webLlm.model
}

// One model embedder per id, shared by queries and Settings' "Download now", which shows its progress.
const embedderLoads = createEmbedderLoads(browserEmbedderFor)

// Documents are read in a pool of workers sized to the device (see ingestWorkers).
const INGEST_WORKERS = ingestWorkers(navigator.hardwareConcurrency)
const db = new QuireDatabase()
const store = new DexieStore(db)
const files = new DexieFileStore(db)
// Every write goes through the sync engine's store into the outbox; pulled changes go to `store`.
const sync = browserSync({ db, store, files, account: () => account, logError: console.error })
// The search index from its snapshot in IndexedDB (then only the documents changed since are read), saved
// once changes settle: opening the app with a big folder no longer rebuilds it from every chunk. Searches
// wait for it to load, so none answers from a half-built index. Loading starts now, not at the first search.
const index = new ManagedIndex({
  store: new DexieIndexSnapshots(db, earlyIndexRead),
  logError: console.error,
})
index.use(() => undefined).catch(console.error)
const { ports, start, checkFolders } = createApiPorts({
  store: sync.store,
  index,
  // Folders the person picked, checked when the app opens, every few minutes and on "Check now".
  folderHost: browserFolderHost(),
  profileStore: store,
  files,
  ingestor: new WebWorkerIngestor({ size: INGEST_WORKERS, logError: console.error }),
  documentConcurrency: INGEST_WORKERS + 1,
  maxUploadBytes: MAX_UPLOAD_BYTES,
  // Each tab has its API worker over the same IndexedDB: uploads to a collection take turns across them.
  collectionLock: <T>(collectionId: string, work: () => Promise<T>): Promise<T> =>
    navigator.locks
      ? (navigator.locks.request(`quire:collection:${collectionId}`, work) as Promise<T>)
      : work(),
  // Queries are embedded here, with the model of the vectors searched (loaded on first use).
  embedderFor: embedderLoads.embedderFor,
  embedderLoader: embedderLoads.loader,
  localChatModel: (settings) => (settings.kind === 'webllm' ? webLlmModel(settings.model) : undefined),
  localLoadProgress: (settings) =>
    settings.kind === 'webllm' ? (webLlmProgress.get(settings.model) ?? null) : null,
  localModels: webLlmModels,
  startLocalLoad: (settings) =>
    settings.kind === 'webllm' ? startWebLlmLoad(settings.model) : Promise.resolve(),
  // Ollama is reached from here with the browser's fetch: it must allow this page's origin (OLLAMA_ORIGINS).
  modelHost: { corsOrigin: self.location.origin },
  // Plugin archives and catalogs with the browser's own fetch (CORS decides); the marketplace is the
  // person's catalog setting, else the catalog a sync server serving this page offers. A page hosted
  // without one (a static PWA) has no built-in catalog: an empty marketplace, not an error, and not asked
  // for (its 404 would show in the console).
  pluginSources: {
    catalogUrl: () => catalogUrlSetting({ store: sync.store }),
    builtInCatalog: async (name) => {
      if (!(await ownOriginIsServer())) return undefined
      const response = await fetch(
        new URL(`${BUILT_IN_CATALOG_PATH.replace(/catalog\.json$/u, '')}${name}`, self.location.origin),
        { headers: { accept: name.endsWith('.json') ? 'application/json' : 'application/zip' } },
      )
      // A static host answers a missing file with 404, or with its app page (an SPA fallback): none here.
      if (response.status === 404 || response.headers.get('content-type')?.includes('text/html'))
        return undefined
      if (!response.ok) throw new ApiError(502, `This page's plugin catalog answered ${response.status}`)
      return new Uint8Array(await response.arrayBuffer())
    },
  },
})
// The shapes of the completed documents' searches, their profiles (which every search reads) made while
// the index loads: a cold start's first search then waits for neither (documentProfiles.ts). Loaded, the
// search code is warmed up with them for the person's first question, unless one came first. The server's
// process outlives its first search.
Promise.all([searchWarmUpShapes(ports.store), index.use(() => undefined)])
  .then(([shapes]) => index.warmUp(shapes))
  .catch(console.error)
// The browser's own account on a sync server; only this host mounts the account routes.
const account: SyncAccount = new SyncAccount({
  vault: new DexieAccountVault(db),
  clock: systemClock,
  // Past the in-browser API, which would otherwise answer the server's own origin in its place.
  fetch: serverFetch,
  onChange: (state) => sync.accountChanged(state),
  beforeSignOut: () => sync.flush(),
  // After a sign-in, sync waits while this device holds data the account lacks, until the person chooses.
  localData: sync.localData,
})
ports.account = account
ports.syncStatus = { status: () => sync.status(), syncNow: () => sync.syncNow() }
ports.syncConflicts = sync.conflicts
// Signed out: the replica belonged to that account; what stays on the device is offered to the next.
ports.onSignedOut = () => sync.reset()
// Records belong to the signed-in account, or to this device's local profile.
ports.currentUserId = async () => (await account.me()).id
const apiRoutes = browserRoutes
// Documents a closed tab or reload interrupted resume (the index loads itself, above).
// Then sync starts (if signed in), applying what it pulls to the same index.
const started = start()
started.then(() => sync.connect(ports.index)).catch(console.error)
let openApi: Record<string, unknown> | undefined
setInterval(() => void checkFolders().catch(console.error), FOLDER_CHECK_MS)

const api: ApiWorkerApi = {
  async routes() {
    return apiRoutes.map(({ method, path }) => ({ method, path }))
  },
  async invoke(request) {
    // Requests wait for the start, the profile's seeds above all (what every profile starts with), as the
    // server's wait for its start before it listens: the page's first one comes as soon as it has the route
    // table. A start that failed was logged; requests are answered as well as they can be.
    await started.catch(() => undefined)
    const route = apiRoutes[request.route]
    if (!route) return unmatchedRoute('?', `route #${request.route}`)
    const result = await invokeRoute(
      route,
      { params: request.params, query: request.query, body: () => requestBody(request) },
      ports,
    )
    // A stream moves to the page (streams are transferable), which keeps reading as it is written.
    return result.stream ? transfer(result, [result.stream]) : result
  },
  async forward(request) {
    const result = await forwardToServer(request, account)
    return result.stream ? transfer(result, [result.stream]) : result
  },
  async outbound(request) {
    const answer = await fetchOutbound(request)
    return answer.stream ? transfer(answer, [answer.stream]) : answer
  },
  async openApi() {
    openApi ??= buildOpenApi(apiRoutes)
    return openApi
  },
  async followFolderHandle(collectionId, handle) {
    if (!isDirectoryHandle(handle)) throw new Error('Not a folder')
    if (!(await ports.store.collections.getCollection(collectionId))) throw new Error('Collection not found')
    await saveFolderHandle(collectionId, handle)
    // The record's path is the handle's key: the host finds the folder again by it.
    await followFolder(ports, collectionId, handle.name, { path: collectionId })
    // The first check runs on; its progress shows in the folder's status.
    void ports.folders?.scans.scan(collectionId, ports.folders.host.reopen(collectionId)).catch(console.error)
  },
  async clearAll() {
    // End the sync server's session while its tokens still exist (best effort, briefly: offline, or a
    // slow server, must not hold up deleting local data). The tokens go with the database below.
    await Promise.race([ports.account?.signOut().catch(() => undefined), delay(3000)])
    // IndexedDB waits for open connections before deleting a database: this worker's is the only one.
    await store.close()
    await Dexie.delete(db.name)
    await clearModelCaches()
  },
}

/**
 * Models downloaded by transformers.js ('transformers-cache') and WebLLM ('webllm/model', ...) live in
 * Cache Storage. Workbox's precache ('workbox-precache-...') and the service worker's runtime cache
 * ('quire-runtimes': the ONNX and WebLLM runtimes) hold the app itself and stay, so it still opens offline.
 */
const APP_CACHES = /^(workbox-precache|quire-runtimes)/
async function clearModelCaches(): Promise<void> {
  if (typeof caches === 'undefined') return
  const names = await caches.keys()
  await Promise.all(names.filter((name) => !APP_CACHES.test(name)).map((name) => caches.delete(name)))
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
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
      open: async () => blobSource(file),
    }))
  }
  return body
}

/** Answers the page's calls (comlink) on `endpoint`, the worker's own messages. */
export function serveApiWorker(endpoint: Endpoint): void {
  expose(api, endpoint)
}
