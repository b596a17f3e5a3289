import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type RunningServer } from '../sync-server/src/startServer'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import { lineBenchmark } from './lib/lineBenchmark'
import { round } from './lib/round'
import { startMemorySampler } from './lib/startMemorySampler'

const NAME = 'data-archive'
const PDFS = 'qa/financebench-dev/pdfs'
const CHATS = 100
const MB = 1024 * 1024

export interface DataArchiveLine extends BenchLine {
  ms?: number
  archive_mb?: number
  /** Largest resident set of this process (both servers run in it) while the case ran, and before it. */
  peak_rss_mb?: number
  rss_before_mb?: number
  documents?: number
  chats?: number
  documents_taken_as_processed?: number
}

async function startBenchServer(dataDir: string): Promise<RunningServer> {
  return startServer(
    // An archive is bigger than any one upload: the limit is raised so the import is what is measured.
    { port: 0, host: '127.0.0.1', dataDir, singleUser: true, maxUploadBytes: 1024 * MB },
    {},
  )
}

async function post(server: RunningServer, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok)
    throw new Error(`${NAME}: POST ${path} answered ${response.status}: ${text.slice(0, 300)}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** Runs `work` with this process's memory sampled: its time, and the peak resident set. */
async function measured<T>(work: () => Promise<T>) {
  const before = process.memoryUsage().rss
  const sampler = startMemorySampler(20)
  const started = performance.now()
  const value = await work()
  const ms = performance.now() - started
  const { peak } = sampler.stop()
  return {
    value,
    ms: round(ms, 0),
    peak_rss_mb: round(peak.rss / MB, 1),
    rss_before_mb: round(before / MB, 1),
  }
}

/**
 * The 38 financebench-dev filings and 100 chats (a question and its extractive answer each) exported
 * from one sync server (`GET /api/v1/export`, read as it streams) and imported into a fresh one
 * (`POST /api/v1/import`, until its documents are searchable): time, this process's peak memory and
 * the archive's size, beside the time the first server took to process the same files from scratch.
 * Both servers run in this process, SQLite in a fresh DATA_DIR each, hash-v1 embedder.
 */
export async function measureDataArchive(
  reporter: LineReporter<DataArchiveLine>,
): Promise<DataArchiveLine[]> {
  const lines: DataArchiveLine[] = []
  const emit = (fields: Omit<DataArchiveLine, 'benchmark' | 'node' | 'date'>) => {
    const line: DataArchiveLine = {
      benchmark: NAME,
      ...fields,
      node: process.version,
      date: new Date().toISOString(),
    }
    reporter.emit(line)
    lines.push(line)
  }
  const files = (await readdir(corpusFile(PDFS))).filter((file) => file.endsWith('.pdf')).sort()
  const sourceDir = await mkdtemp(join(tmpdir(), 'quire-bench-archive-a-'))
  const targetDir = await mkdtemp(join(tmpdir(), 'quire-bench-archive-b-'))
  const source = await startBenchServer(sourceDir)
  let target: RunningServer | undefined
  try {
    const collection = await post(source, '/api/collections/', {
      name: 'Filings',
      description: 'financebench-dev',
    })
    reporter.progress(`${NAME}: processing ${files.length} filings from scratch`)
    const processing = await measured(async () => {
      for (const file of files) {
        const form = new FormData()
        form.set('collection_id', String(collection.id))
        const bytes = await readFile(corpusFile(`${PDFS}/${file}`))
        form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), file)
        const response = await fetch(`${source.url}/api/documents/`, { method: 'POST', body: form })
        if (response.status !== 201) throw new Error(`${NAME}: upload of ${file} answered ${response.status}`)
      }
      await source.idle()
    })
    emit({ case: `process ${files.length} filings from scratch`, documents: files.length, ...processing })
    reporter.progress(`${NAME}: ${CHATS} chats`)
    for (let chat = 0; chat < CHATS; chat++) {
      const session = await post(source, '/api/chat/sessions', {
        name: `Chat ${chat}`,
        collection_id: collection.id,
      })
      await post(source, '/api/chat/message', {
        session_id: session.id,
        message: `What was the revenue in year ${2015 + (chat % 8)}?`,
      })
    }

    reporter.progress(`${NAME}: export`)
    const exported = await measured(async () => {
      const response = await fetch(`${source.url}/api/v1/export`)
      if (response.status !== 200 || !response.body)
        throw new Error(`${NAME}: export answered ${response.status}`)
      const parts: Uint8Array[] = []
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parts.push(value)
      }
      return Buffer.concat(parts)
    })
    const archive = exported.value
    emit({
      case: `export ${files.length} filings and ${CHATS} chats`,
      documents: files.length,
      chats: CHATS,
      archive_mb: round(archive.length / MB, 1),
      ms: exported.ms,
      peak_rss_mb: exported.peak_rss_mb,
      rss_before_mb: exported.rss_before_mb,
    })

    reporter.progress(`${NAME}: import into a fresh server`)
    target = await startBenchServer(targetDir)
    const running = target
    const imported = await measured(async () => {
      const form = new FormData()
      form.set('file', new Blob([new Uint8Array(archive)], { type: 'application/zip' }), 'quire.zip')
      const response = await fetch(`${running.url}/api/v1/import`, { method: 'POST', body: form })
      const text = await response.text()
      if (response.status !== 200)
        throw new Error(`${NAME}: import answered ${response.status}: ${text.slice(0, 300)}`)
      await running.idle()
      return (JSON.parse(text) as { data: { documents_taken_as_processed: number } }).data
    })
    emit({
      case: `import ${files.length} filings and ${CHATS} chats into a fresh server`,
      documents: files.length,
      chats: CHATS,
      archive_mb: round(archive.length / MB, 1),
      documents_taken_as_processed: imported.value.documents_taken_as_processed,
      ms: imported.ms,
      peak_rss_mb: imported.peak_rss_mb,
      rss_before_mb: imported.rss_before_mb,
    })
    return lines
  } finally {
    await target?.close()
    await source.close()
    await rm(sourceDir, { recursive: true, force: true })
    await rm(targetDir, { recursive: true, force: true })
  }
}

export const dataArchive = lineBenchmark(NAME, (reporter) => measureDataArchive(reporter))
