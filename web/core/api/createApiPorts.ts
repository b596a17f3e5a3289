import type { OperatorSearxng } from '../websearch/WebSearchPorts'
import { createGeneration, type GenerationHost } from '../chat/createGeneration'
import type { Ingestor } from '../documents/Ingestor'
import { DocumentQueue } from '../documents/DocumentQueue'
import { processDocument, type ProcessPorts } from '../documents/processDocument'
import { EvaluationQueue } from '../evaluate/EvaluationQueue'
import type { Embedder } from '../ingest/embed/Embedder'
import { createQueryEmbedders } from './createQueryEmbedders'
import { SearchIndex } from '../retrieve/index/SearchIndex'
import { searchWarmUpShapes } from '../retrieve/searchWarmUpShapes'
import type { SearchIndexPort } from '../retrieve/snapshot/SearchIndexPort'
import { DEFAULT_SETTINGS, type QuireSettings } from '../settings/QuireSettings'
import { SettingsService } from '../settings/SettingsService'
import type { FileStore } from '../store/FileStore'
import type { Store } from '../store/Store'
import { monotonicClock, systemClock, type Clock } from '../kernel/time/Clock'
import { oneAtATime } from '../kernel/oneAtATime'
import { fetchOrGlobal } from '../generate/providerFetch'
import type { ApiPorts, PluginJobs, TestCaseFiles } from './ApiPorts'
import type { PluginSources } from './platform/plugins/installSources'
import type { BackgroundSchedulers, BackgroundWork } from './BackgroundWork'
import { seedProfile } from './platform/seed/seedProfile'
import { createModelHost, type ModelHostServices } from '../modelhost/createModelHost'
import { resolveChatModel } from '../providers/resolveChatModel'
import type { EmbedderLoader } from './settings/createEmbedderLoads'
import { parseTextHere, type TextParsing } from '../ingest/parse/TextParsing'
import type { FolderHost } from '../folders/FolderHost'
import { FolderScans } from '../folders/FolderScans'
import { followedFolderKind } from '../folders/followedFolderKind'

export interface HostServices extends GenerationHost {
  store: Store
  /**
   * The host's own store under `store`'s sync wrapper, where `start()` writes the records a new
   * profile starts with (`seedProfile`: identical on every host, so they are not sent); default `store`.
   */
  profileStore?: Store
  files: FileStore
  ingestor: Ingestor
  /**
   * Documents the in-process queue processes at once; default 1. The browser's is its ingest workers and
   * one more: a document's chunks are stored and indexed in the API worker while the next is read.
   */
  documentConcurrency?: number
  maxUploadBytes: number
  /** How long connection tests and model lists wait (ApiPorts.limits); default 15 s. */
  connectionTestMs?: number
  /** The server's SEARXNG_URL and the fetch that reaches it (see chooseSearxng). */
  operatorSearxng?: OperatorSearxng
  /**
   * The search index. Absent: one in memory, filled from every stored chunk by `start()` (the
   * browser). The server's is a `ManagedIndex`: loaded on first use from its snapshot, within a budget.
   */
  index?: SearchIndexPort
  /** Loads a model embedder by id for queries (hash-v1 is built in); undefined when this host cannot. */
  embedderFor?: (id: string) => Embedder | undefined
  /**
   * Loads a model embedder ahead of use, with progress (Settings' "Download now"); share its instances
   * with `embedderFor` (see createEmbedderLoads) so the next query reuses the loaded model.
   */
  embedderLoader?: EmbedderLoader
  /** Settings before the person changes any (the server's come from its environment); parts left out: DEFAULT_SETTINGS. */
  defaultSettings?: Partial<QuireSettings>
  testCaseFiles?: TestCaseFiles
  /**
   * Plugin downloads, the marketplace catalog and update checks. Default: `fetch` (the host's, else the
   * global one), downloads up to `maxUploadBytes`, no catalog URL and no built-in catalog.
   */
  pluginSources?: Partial<PluginSources>
  /** Runs plugin installs and updates as jobs (the sync server's queue); absent: in the request. */
  pluginJobs?: PluginJobs
  /** Reads text formats outside ingestion (ApiPorts.parseText); default: in this thread. */
  parseText?: TextParsing
  /** The model host's fetch, installs (the server's jobs) and CORS origin; default: tasks in memory over `fetch`. */
  modelHost?: ModelHostServices
  /**
   * Schedules documents and evaluation runs somewhere other than this process's queues: the sync
   * server hands them to its persisted job queue, which calls back into `work`. Absent: in-process.
   */
  background?: (work: BackgroundWork) => BackgroundSchedulers
  clock?: Clock
  /** Folders followed by path (the server's FOLDER_ROOTS); absent: none (ApiPorts.folders). */
  folderHost?: FolderHost
  /**
   * Runs `work` with a collection's new documents to itself across the host's processes (the server's
   * instances on PostgreSQL, the browser's tabs); within this one the ports take turns already
   * (`DocumentPorts.collectionLock`). Absent: this process is the only one.
   */
  collectionLock?: <T>(collectionId: string, work: () => Promise<T>) => Promise<T>
  /** Who the requests are from (see ApiPorts.currentUserId); default: the single local user. */
  currentUserId?: () => Promise<string>
  logError?: (error: unknown) => void
}

/** The one user of a host without accounts (the same id as a single-user server's local user). */
export const LOCAL_USER_ID = '00000000-0000-4000-8000-000000000001'

export interface ApiRuntime {
  ports: ApiPorts
  /** The in-process queues (idle unless the host scheduled nothing elsewhere). */
  documents: DocumentQueue
  evaluations: EvaluationQueue
  /** The work itself, for a host's own scheduler. */
  work: BackgroundWork
  /**
   * Checks every folder followed by path (at start, on the host's timer, when its watcher sees a
   * change); a failed check is logged and left to the next one.
   */
  checkFolders(): Promise<void>
  /** Checks one collection's folder (its watcher saw a change); nothing when it follows none. */
  checkFolder(collectionId: string): Promise<void>
  /**
   * Fills an in-memory search index from the stored chunks (their vectors included: nothing is
   * embedded again; a host's own index loads itself on first use), resumes documents an interruption left unfinished and ends evaluation runs it cut
   * short. Call once at start.
   */
  start(): Promise<void>
}

/** What both hosts run behind the route table: the same ports, queues and index, over their own adapters. */
export function createApiPorts(services: HostServices): ApiRuntime {
  const { store, files, ingestor } = services
  const clock = services.clock ?? monotonicClock(systemClock)
  const logError = services.logError ?? console.error
  const newId = () => crypto.randomUUID()
  const inMemory = services.index ? undefined : new SearchIndex()
  const index: SearchIndexPort = services.index ?? inMemory!
  const settings = new SettingsService(store, { ...DEFAULT_SETTINGS, ...services.defaultSettings })
  // A registry model (a `provider` generator) is resolved over the ports below when a question is asked:
  // the person's servers and keys, the same ones /api/v1/ai/providers/* use.
  const generation = createGeneration({
    ...services,
    providerModel: (chosen) => resolveChatModel(ports, chosen),
  })
  const queryEmbedders = createQueryEmbedders(services.embedderFor, logError)
  const processPorts: ProcessPorts = {
    store,
    files,
    ingestor,
    clock,
    newId,
    logError,
    embedderId: async () => (await settings.get()).embedder.id,
    ocrLanguages: async () => (await settings.get()).ocr_languages,
    // In batches: a document of 100,000 chunks indexed in one go held the server's thread for 20 s.
    onIndexed: (document, chunks) => index.replaceDocument(document.id, chunks),
    // A scanned page's passages: a few, added as they are.
    onChunksAdded: (_document, chunks) => index.add(chunks),
  }
  // A folder processed: its index is saved now (a tab may close soon after), and its person's next search
  // is likely soon, while the search code went cold meanwhile.
  const documentsProcessed = () => {
    index.saveSoon?.()
    index.warmUp?.(() => searchWarmUpShapes(store))
  }
  const documents = new DocumentQueue(
    processPorts,
    services.documentConcurrency ?? 1,
    logError,
    documentsProcessed,
  )
  const evaluations = new EvaluationQueue({
    store,
    index,
    queryEmbedders,
    clock,
    settings,
    generation,
    logError,
  })
  const work: BackgroundWork = {
    processDocument: (id, options) => processDocument(id, processPorts, options),
    runEvaluation: (run, testCases, signal, onProgress) =>
      evaluations.run(run, testCases, signal, onProgress),
    documentsProcessed,
  }
  const inProcess: BackgroundSchedulers = {
    documents: {
      async enqueue(id, options) {
        documents.enqueue(id, options)
        return {}
      },
      async resume(id) {
        documents.enqueue(id)
      },
      cancel: (id) => documents.cancel(id),
    },
    evaluations,
  }
  const scheduled = services.background?.(work) ?? inProcess
  const ports: ApiPorts = {
    store,
    clock,
    newId,
    files,
    documents: {
      enqueue: (id, options) => scheduled.documents.enqueue(id, options),
      resume: (id) => scheduled.documents.resume(id),
      cancel(id) {
        scheduled.documents.cancel(id)
        // In slices, like indexing: 120,000 chunks removed at once held the thread for a quarter second.
        // Searches meanwhile skip chunks whose rows are gone.
        index.replaceDocument(id, []).catch(logError)
      },
    },
    // In this process first: only one of its uploads to a collection then waits for the other processes.
    collectionLock: (collectionId, work) =>
      oneAtATime(
        store,
        () => (services.collectionLock ? services.collectionLock(collectionId, work) : work()),
        collectionId,
      ),
    index,
    queryEmbedders,
    ingestor,
    settings,
    generation,
    evaluations: scheduled.evaluations,
    embedderLoader: services.embedderLoader,
    testCaseFiles: services.testCaseFiles,
    limits: { maxUploadBytes: services.maxUploadBytes, connectionTestMs: services.connectionTestMs },
    pluginSources: {
      fetch: fetchOrGlobal(services.fetch),
      maxDownloadBytes: services.maxUploadBytes,
      catalogUrl: async () => undefined,
      ...services.pluginSources,
    },
    pluginJobs: services.pluginJobs,
    operatorSearxng: services.operatorSearxng,
    modelHost: createModelHost(services.modelHost, { fetch: services.fetch, clock, newId }),
    outboundFetch: fetchOrGlobal(services.fetch),
    parseText: services.parseText ?? parseTextHere,
    currentUserId: services.currentUserId ?? (async () => LOCAL_USER_ID),
    logError,
  }
  const folderHost = services.folderHost
  if (folderHost) ports.folders = { host: folderHost, scans: new FolderScans(ports) }
  const checkFolder = async (collectionId: string) => {
    const path = (await followedFolderKind.find(ports, collectionId))?.data.path
    if (!ports.folders || typeof path !== 'string') return
    await ports.folders.scans.scan(collectionId, ports.folders.host.reopen(path))
  }
  const checkFolders = async () => {
    for (const record of await followedFolderKind.list(ports)) await checkFolder(record.id).catch(logError)
  }
  return {
    ports,
    checkFolders,
    checkFolder,
    documents,
    evaluations,
    work,
    async start() {
      await seedProfile(services.profileStore ?? store, await ports.currentUserId())
      if (inMemory) await inMemory.addInBatches(await store.chunks.listChunks())
      await scheduled.evaluations.recover()
      // Completed documents whose scanned pages were still being read (`progress` left set) too.
      const unfinished = [
        ...(await store.documents.listDocuments({ statuses: ['completed'] })).filter((d) => d.progress),
        ...(await store.documents.listDocuments({ statuses: ['pending', 'processing'] })),
      ]
      for (const document of [...unfinished].reverse()) await scheduled.documents.resume(document.id)
      // A check a restart cut short is finished, and what changed while the host was down is seen.
      void checkFolders().catch(logError)
    },
  }
}
