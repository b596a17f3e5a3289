import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { createApiPorts } from '../../web/core/api/createApiPorts'
import { createEmbedderLoads } from '../../web/core/api/settings/createEmbedderLoads'
import type { DocumentQueue } from '../../web/core/documents/DocumentQueue'
import type { EvaluationQueue } from '../../web/core/evaluate/EvaluationQueue'
import { DiskTestCaseFiles } from './evaluation/DiskTestCaseFiles'
import { DiskFileStore } from './files/DiskFileStore'
import { createNodeTransformersEmbedder } from './ingest/nodeTransformersEmbedder'
import { poolingFor } from '../../web/core/ingest/embed/transformers/poolingFor'
import { WorkerIngestor } from './ingest/WorkerIngestor'
import type { ServerConfig } from './config'
import { createApp } from './createApp'
import { openSqlStore } from './sql/openSqlStore'

export interface RunningServer {
  url: string
  server: Server
  /** Background document processing (tests wait on `documents.idle()`). */
  documents: DocumentQueue
  /** Background evaluation runs (tests wait on `evaluations.idle()`). */
  evaluations: EvaluationQueue
  /** Stops accepting connections, lets requests in flight finish (up to `graceMs`), closes the database. */
  close(graceMs?: number): Promise<void>
}

export async function startServer(
  config: ServerConfig,
  log: { line?: (line: string) => void; error?: (error: unknown) => void } = {},
): Promise<RunningServer> {
  const store = await openSqlStore(config.dataDir)
  const logError = log.error ?? console.error
  const ingestor = new WorkerIngestor({
    timeoutMs: config.ingestTimeoutMs,
    embedder: config.embedder,
    logError,
  })
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
  const runtime = createApiPorts({
    store,
    files: new DiskFileStore(join(config.dataDir, 'files')),
    ingestor,
    maxUploadBytes: config.maxUploadBytes ?? 100 * 1024 * 1024,
    defaultSettings: {
      embedder: { id: config.embedder?.id ?? 'hash-v1' },
      generator: config.generator ?? { kind: 'extractive' },
    },
    // Queries are embedded in this thread: one short text, with the model loaded once and kept (and
    // loaded ahead of use by Settings' "Download now", the same instance).
    embedderFor: embedderLoads.embedderFor,
    embedderLoader: embedderLoads.loader,
    testCaseFiles: new DiskTestCaseFiles(join(config.dataDir, 'evaluation')),
    logError,
  })
  const { documents, evaluations } = runtime
  const app = createApp({
    ports: runtime.ports,
    staticDir: config.staticDir,
    modelsDir: config.embedder?.modelsDir,
    logLine: log.line,
    logError: log.error,
  })
  const server = app.listen(config.port, config.host)
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  // The search index is rebuilt from stored chunks; documents a crash or restart interrupted resume.
  await runtime.start()
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
    server,
    documents,
    evaluations,
    close(graceMs = 10_000) {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeIdleConnections()
        const timer = setTimeout(() => server.closeAllConnections(), graceMs)
        await closed
        clearTimeout(timer)
        // Unfinished documents stay `processing` in the database and are resumed at the next start.
        documents.stop()
        await ingestor.close()
        await documents.idle()
        await store.close()
      })()
      return closing
    },
  }
}
