import { rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createApiPorts, LOCAL_USER_ID } from '../../web/core/api/createApiPorts'
import { createEmbedderLoads } from '../../web/core/api/settings/createEmbedderLoads'
import { IndexMemoryBudget } from '../../web/core/retrieve/snapshot/IndexMemoryBudget'
import { ManagedIndex } from '../../web/core/retrieve/snapshot/ManagedIndex'
import { useScanHelper } from '../../web/core/retrieve/index/ScanHelper'
import { poolingFor } from '../../web/core/ingest/embed/transformers/poolingFor'
import { AccountService } from './accounts/AccountService'
import { openUploadFolder } from './openUploadFolder'
import type { UserView } from './accounts/accountSchemas'
import { loadSharedTokenKey, loadTokenKey } from './accounts/tokenKey'
import { postgresRateLimiters } from './auth/postgresRateLimiters'
import type { ServerConfig } from './config'
import { serverFolderHost } from './folders/serverFolderHost'
import { watchFolders } from './folders/watchFolders'
import { resolveFolder } from './folders/folderRoots'
import { followedFolderKind } from '../../web/core/folders/followedFolderKind'
import { createApp } from './createApp'
import { ownerOnlyDataDir } from './files/ownerOnlyDataDir'
import { databaseHealth } from './health/databaseHealth'
import { jobTableQueueHealth } from './health/jobTableQueueHealth'
import { InFlightRequests } from './InFlightRequests'
import { DiskTestCaseFiles } from './evaluation/DiskTestCaseFiles'
import { DiskFileStore, type CopyFile, type WriteFile } from './files/DiskFileStore'
import { joinCluster, type Cluster } from './cluster/joinCluster'
import { PgStreamSlots } from './cluster/PgStreamSlots'
import { createNodeTransformersEmbedder } from './ingest/nodeTransformersEmbedder'
import { WorkerIngestor } from './ingest/WorkerIngestor'
import { WorkerTextParsing } from './ingest/WorkerTextParsing'
import type { JobHandler } from './jobs/Job'
import { JobService } from './jobs/JobService'
import { clusterJobs } from './jobs/clusterJobs'
import { jobSchedulers } from './spaces/jobSchedulers'
import { UserSpaces } from './spaces/UserSpaces'
import { workJobs } from './spaces/workJobs'
import { openSyncSpace, syncRetentionMs } from './syncApi/openSyncSpace'
import { syncAppData } from './syncApi/syncAppData'
import { SqlIndexSnapshots } from './sql/SqlIndexSnapshots'
import { processScanHelper } from './search/WorkerScanHelper'
import { openDatabases, type Databases } from './sql/openDatabases'
import { loadSecretKey, loadSharedSecretKey } from './secrets/loadSecretKey'
import { openSealedStore } from './secrets/openSealedStore'
import { operatorGenerator } from './secrets/operatorGenerator'
import { neverReached } from './outbound/neverReached'
import { withUrlCredentials } from './outbound/withUrlCredentials'
import { createOutboundFetch } from './outbound/createOutboundFetch'
import { outboundPolicy } from './outbound/OutboundPolicy'
import { builtInCatalogReader } from './serveCatalog'
import { PluginJobQueue } from './plugins/PluginJobQueue'
import { ModelInstallQueue } from './modelhost/ModelInstallQueue'
import { jobPools } from './jobs/jobPools'
import { listenUrls } from './listenUrls'
import { ANY_TEST_PAYLOAD, CLIENT_JOB_PAYLOADS } from './jobApi/jobPayloadSchemas'

/** The one user of a server without accounts (QUIRE_SINGLE_USER=1). */
export const LOCAL_USER: UserView = {
  id: LOCAL_USER_ID,
  username: 'local',
  email: '',
  full_name: 'Local user',
  profile_picture: null,
  is_active: true,
  is_verified: true,
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface RunningServer {
  /** One address to reach it at (tests, links): `localhost` when it listens on every interface. */
  url: string
  /** Every address it answers at (`listenUrls`): what the ready line lists. */
  urls: string[]
  server: Server
  jobs: JobService
  /** Absent on a single-user server. */
  accounts?: AccountService
  spaces: UserSpaces
  /** The server's database, each person's, and PostgreSQL's pool when DATABASE_URL is set. */
  databases: Databases
  /** Where this server's multipart uploads wait while their request runs (removed on close). */
  uploadDir: string
  /** Resolves once no job is due or running and every space's in-process work is idle (tests). */
  idle(): Promise<void>
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`), closes the databases. */
  close(graceMs?: number): Promise<void>
}

export interface StartOptions {
  line?: (line: string) => void
  error?: (error: unknown) => void
  /** More job types (tests register handlers whose pace they control). */
  jobHandlers?: Record<string, JobHandler>
  /** How people's files reach the disk (tests inject a full disk: ENOSPC); default `fs.writeFile`. */
  writeFile?: WriteFile
  /** How an upload's temporary file is copied into the file store (`putFile`); default `fs.copyFile`. */
  copyFile?: CopyFile
}

export async function startServer(config: ServerConfig, log: StartOptions = {}): Promise<RunningServer> {
  const logError = log.error ?? console.error
  // Before anything is written there: people's data is the server's alone (0700 / 0600).
  const tightened = ownerOnlyDataDir(config.dataDir)
  if (tightened > 0) {
    log.line?.(
      `DATA_DIR held ${tightened} paths other users of this machine could read (people's databases, files ` +
        'or keys, left so by an older Quire or a copy): made owner-only (0700/0600), as the server keeps them',
    )
  }
  // Large search indexes hand part of each search's pass over their vectors to a second thread.
  useScanHelper(processScanHelper())
  // SQLite files in DATA_DIR, or PostgreSQL (DATABASE_URL): the server's schema and one per person.
  const databases = await openDatabases(config, { logError })
  const database = databases.server
  // Instances on one PostgreSQL share no DATA_DIR: keys not configured are generated into the database.
  const pool = databases.pool
  const accounts = config.singleUser
    ? undefined
    : new AccountService(database, {
        key: pool
          ? await loadSharedTokenKey(pool, config.jwtSecret)
          : loadTokenKey(config.dataDir, config.jwtSecret),
      })
  // With PostgreSQL, jobs are claimed through pg-boss and taken over from dead instances (clusterJobs).
  const jobCluster = await clusterJobs(config, databases, { logError, line: log.line })
  const jobs = new JobService(database, {
    ...jobPools(config),
    logError,
    ...jobCluster?.options,
  })
  const ingestor = new WorkerIngestor({
    timeoutMs: config.ingestTimeoutMs,
    memoryMb: config.ingestMemoryMb,
    limits: config.ingestLimits,
    embedder: config.embedder,
    logError,
  })
  if (config.ingestWarm) ingestor.warm()
  // Web pages and process-text-context's text, read off this thread (never behind the ingestion queue).
  const textParsing = new WorkerTextParsing({ memoryMb: config.ingestMemoryMb })
  const embedderLoads = createEmbedderLoads((id, onProgress) =>
    createNodeTransformersEmbedder({
      modelId: id,
      pooling: poolingFor(id),
      localModelPath: config.embedder?.modelsDir,
      allowRemote: config.embedder?.allowRemote ?? false,
      cacheDir: config.embedder?.cacheDir,
      onProgress,
    }),
  )
  // Passwords of encrypted PDFs, by job id, in memory only (see jobSchedulers).
  const passwords = new Map<string, string>()
  // People's search indexes share INDEX_MEMORY_MB: the least recently used are unloaded past it.
  const indexBudget = new IndexMemoryBudget(config.indexMemoryBytes ?? 1024 * 1024 * 1024, logError)
  const retentionMs = config.syncRetentionMs ?? syncRetentionMs({})
  // People's API keys are sealed at rest with this key; the operator's generator key stays in memory.
  const secretKey = pool
    ? await loadSharedSecretKey(pool, config.secretKey)
    : loadSecretKey(config.dataDir, config.secretKey)
  const operator = operatorGenerator(config)
  // Every URL a person supplies is fetched through the outbound policy (DESIGN.md section 10).
  const outbound = outboundPolicy(config.outbound, { singleUser: config.singleUser ?? false })
  const outboundFetch = createOutboundFetch(outbound)
  // Plugin archives are downloads of what could be uploaded: the policy's rules, the upload limit's size.
  const maxUploadBytes = config.maxUploadBytes ?? 100 * 1024 * 1024
  const pluginSources = {
    fetch: createOutboundFetch({
      ...outbound,
      maxResponseBytes: Math.max(outbound.maxResponseBytes, maxUploadBytes),
    }),
    maxDownloadBytes: maxUploadBytes,
    catalogUrl: async () => config.pluginCatalogUrl,
    builtInCatalog: config.pluginCatalogDir ? builtInCatalogReader(config.pluginCatalogDir) : undefined,
    githubApiUrl: config.githubApiUrl,
  }
  // Plugin installs and updates run as jobs clients can follow; their packages stay in memory.
  const pluginJobs = new PluginJobQueue(jobs)
  // Model installs are jobs too; a pull runs as long as the download takes (gigabytes), so only its
  // silences are timed (the idle limit), and its progress lines are not a body to cap at 10 MB.
  const modelInstalls = new ModelInstallQueue(
    jobs,
    createOutboundFetch({
      ...outbound,
      totalTimeoutMs: Math.max(outbound.totalTimeoutMs, 24 * 3_600_000),
      maxResponseBytes: Math.max(outbound.maxResponseBytes, 1024 * 1024 * 1024),
    }),
  )
  // The operator's own endpoint (often on their machine: a local Ollama) is theirs, not a person's URL:
  // requests to exactly it keep the policy's limits but not its address rules (see operatorEndpoint).
  const operatorFetch = createOutboundFetch({ ...outbound, reachPrivateAddresses: true })
  const operatorEndpoint =
    config.generator?.kind === 'openai' || config.generator?.kind === 'ollama'
      ? { kind: config.generator.kind, base_url: config.generator.base_url, fetch: operatorFetch }
      : undefined
  // SEARXNG_URL is the operator's too: people without an instance of their own search with it.
  const operatorSearxng = config.searxngUrl ? withUrlCredentials(config.searxngUrl, operatorFetch) : undefined
  // Set just below, before any space opens: the instances sharing DATABASE_URL (cluster/CONTEXT.md).
  let cluster: Cluster | undefined
  const spaces = new UserSpaces(async (userId) => {
    // Without accounts the one user's data stays where it always was, at the top of DATA_DIR.
    if (!config.singleUser && !UUID.test(userId)) throw new Error(`Not a user id: ${userId}`)
    const dir = config.singleUser ? config.dataDir : join(config.dataDir, 'users', userId)
    const sealed = await openSealedStore(databases.person(userId, dir), {
      key: secretKey,
      userId,
      operatorKey: operator.serverKey?.api_key,
      logError,
    })
    // With several instances (PostgreSQL) files live in the database and index changes are announced.
    const plainStore = cluster ? cluster.announcing(userId, sealed) : sealed
    const files = cluster
      ? await cluster.files(userId)
      : new DiskFileStore(join(dir, 'files'), log.writeFile, log.copyFile)
    const sync = await openSyncSpace(databases.person(userId, dir), {
      retentionMs,
      logError,
      clockNode: cluster?.clockNode,
      exclusive: cluster?.syncExclusive(userId),
    })
    const data = syncAppData(sync, plainStore, files, userId, logError)
    const store = data.store
    // Their search index, loaded on first use from its snapshot in their database (then only the
    // documents changed since are read), saved as it changes and at close (ManagedIndex).
    const snapshotDriver = databases.person(userId, dir)
    const index = new ManagedIndex({
      store: new SqlIndexSnapshots(snapshotDriver, plainStore),
      logError,
      budget: indexBudget,
    })
    // A person root names them by id, username or email (read at each use: a username may change).
    const folderHost = config.folderRoots?.length
      ? serverFolderHost(config.folderRoots, async () => (accounts ? accounts.me(userId) : LOCAL_USER))
      : undefined
    const runtime = createApiPorts({
      store,
      index,
      profileStore: plainStore,
      files,
      ingestor,
      maxUploadBytes: config.maxUploadBytes ?? 100 * 1024 * 1024,
      connectionTestMs: config.connectionTestMs,
      defaultSettings: {
        embedder: { id: config.embedder?.id ?? 'hash-v1' },
        generator: operator.defaults,
      },
      serverKey: operator.serverKey,
      operatorEndpoint,
      // A generator the policy will never reach is refused where it is saved (PUT /api/settings).
      outboundRefusal: (url) => neverReached(url, outbound),
      operatorSearxng,
      fetch: outboundFetch,
      parseText: textParsing.parse,
      pluginSources,
      pluginJobs: pluginJobs.forUser(userId),
      modelHost: { fetch: outboundFetch, installs: modelInstalls.forUser(userId) },
      // Queries are embedded in this thread: one short text, with the model loaded once and kept (and
      // loaded ahead of use by Settings' "Download now", the same instance), shared by every user.
      embedderFor: embedderLoads.embedderFor,
      embedderLoader: embedderLoads.loader,
      // Test-case files are the operator's, shared by every user of the server.
      testCaseFiles: new DiskTestCaseFiles(join(config.dataDir, 'evaluation')),
      background: () => jobSchedulers(jobs, userId, store, passwords, logError),
      currentUserId: async () => userId,
      // Instances on one PostgreSQL take turns at a collection's uploads (an advisory lock).
      collectionLock: cluster?.collectionLock(userId),
      folderHost: folderHost,
      logError,
    })
    // Unfinished documents get a job if none has one (the search index loads on first use).
    await runtime.start()
    // Followed folders are checked at start (by `start`) and every FOLDER_RESCAN_S.
    const folderTimer = config.folderRoots?.length
      ? setInterval(() => void runtime.checkFolders().catch(logError), config.folderRescanMs ?? 300_000)
      : undefined
    folderTimer?.unref()
    // And when their watcher sees a change (debounced), between the timer's checks.
    const folderRoots = config.folderRoots ?? []
    const stopWatching = folderRoots.length
      ? watchFolders({
          followed: async () => {
            const folders: Array<{ collectionId: string; path: string }> = []
            for (const record of await followedFolderKind.list(runtime.ports)) {
              const path = record.data.path
              if (typeof path !== 'string') continue
              const allowed = await resolveFolder((await folderHost?.roots()) ?? [], path).catch(
                () => undefined,
              )
              if (allowed) folders.push({ collectionId: record.id, path: allowed.path })
            }
            return folders
          },
          // Awaited: the watcher paces a folder's checks by how long they take.
          changed: (collectionId) => runtime.checkFolder(collectionId),
          logError,
        })
      : undefined
    await data.connect(runtime.ports.index)
    const detach = cluster?.attach({ userId, sync })
    return {
      userId,
      dir,
      runtime,
      sync,
      blobUploads: await cluster?.blobUploads(userId),
      async close() {
        detach?.()
        clearInterval(folderTimer)
        stopWatching?.()
        runtime.documents.stop()
        await runtime.documents.idle()
        await index.close()
        await snapshotDriver.close()
        await sync.close()
        await store.close()
      },
    }
  })
  if (databases.pool) cluster = await joinCluster(databases.pool, spaces, logError)
  for (const [type, handler] of Object.entries({
    ...workJobs(spaces, passwords, jobs),
    ...log.jobHandlers,
  })) {
    jobs.register(type, handler)
  }
  // Installs and downloads wait on other servers for hours: slots of their own (see JobPick).
  for (const [type, handler] of Object.entries({ ...pluginJobs.handlers(), ...modelInstalls.handlers() })) {
    jobs.register(type, handler, { outbound: true })
  }
  if (config.singleUser) await spaces.get(LOCAL_USER.id)

  const inFlight = new InFlightRequests()
  // A person's open event streams are counted across the instances (MAX_EVENT_STREAMS_PER_USER).
  const streamSlots = pool
    ? await PgStreamSlots.open(pool, {
        instanceId: jobs.instanceId,
        leaseMs: config.jobLeaseMs ?? 30_000,
        logError,
      })
    : undefined
  // A folder of this server's own: upload parts live here only while their request runs, and
  // whatever a crash leaves behind is in one place, not among other programs' temporary files (and
  // removed at the next start: openUploadFolder).
  const uploadDir = await openUploadFolder()
  const app = createApp({
    inFlight,
    spaces,
    jobPayloads: {
      ...CLIENT_JOB_PAYLOADS,
      ...Object.fromEntries(Object.keys(log.jobHandlers ?? {}).map((type) => [type, ANY_TEST_PAYLOAD])),
    },
    accounts,
    registration: config.registration,
    jobs,
    health: {
      database: databaseHealth(database),
      queue: jobTableQueueHealth(database, jobCluster ? 'pg-boss' : 'in-process'),
    },
    localUser: LOCAL_USER,
    limits: config.rateLimits,
    // Shared by every instance on the database; one server counts in memory.
    rateLimiters: pool ? await postgresRateLimiters(pool, { logError }) : undefined,
    maxUploadBytes: config.maxUploadBytes ?? 100 * 1024 * 1024,
    trustedOrigins: config.trustedOrigins,
    trustProxy: config.trustProxy,
    trustProxyHops: config.trustProxyHops,
    allowedHosts: config.allowedHosts,
    listenHost: config.host,
    maxEventStreamsPerUser: config.maxEventStreamsPerUser,
    streamSignOutCheckMs: config.streamSignOutCheckMs,
    streamSlots,
    bodyIdleTimeoutMs: config.bodyIdleTimeoutMs,
    uploadDir,
    staticDir: config.staticDir,
    modelsDir: config.embedder?.modelsDir,
    pluginCatalogDir: config.pluginCatalogDir,
    logLine: log.line,
    logError: log.error,
  })
  const server = app.listen(config.port, config.host)
  // Node's own limit on receiving a whole request (300 s by default) would cut a 100 MB upload over a
  // slow link; REQUEST_TIMEOUT_S (1 h by default) replaces it, and a body that stops arriving is cut
  // much sooner by BODY_IDLE_TIMEOUT_S (createApp). Headers must still come within 60 s (Node's default).
  server.requestTimeout = config.requestTimeoutMs ?? 3_600_000
  if (server.requestTimeout > 0)
    server.headersTimeout = Math.min(server.headersTimeout, server.requestTimeout)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  // Jobs a stop interrupted (documents half processed, evaluation runs half answered) run again.
  await jobs.start()
  const { port } = server.address() as AddressInfo
  const shownHost =
    config.host === undefined || config.host === '0.0.0.0' || config.host === '::'
      ? 'localhost'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host
  let closing: Promise<void> | undefined
  return {
    url: `http://${shownHost}:${port}`,
    urls: listenUrls(config.host, port),
    server,
    jobs,
    accounts,
    spaces,
    databases,
    uploadDir,
    async idle() {
      await jobs.idle()
      await spaces.idle()
    },
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        const timer = setTimeout(() => server.closeAllConnections(), graceMs)
        await closed
        clearTimeout(timer)
        // Handlers of requests whose clients left may still run: they finish before the databases close.
        await inFlight.settled(graceMs)
        await streamSlots?.leave().catch(logError)
        // Running jobs stop where they are and stay `running` in the database: the next start requeues them.
        await jobs.stop()
        await jobCluster?.close()
        await spaces.closeAll()
        await cluster?.close()
        await ingestor.close()
        await textParsing.close()
        await databases.close()
        await rm(uploadDir, { recursive: true, force: true })
      })()
      return closing
    },
  }
}
