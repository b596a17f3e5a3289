import type { BenchLine, LineReporter } from './lib/BenchLine'
import { generatedText } from './lib/generatedText'
import { latencySummary } from './lib/latencySummary'
import { lineBenchmark } from './lib/lineBenchmark'
import type { HealthSample } from './lib/pollHealth'
import { pollHealthInChild } from './lib/pollHealthInChild'
import { round } from './lib/round'
import { startServerProcess } from './lib/startServerProcess'
import { xquadSentences } from './lib/xquadSentences'

const NAME = 'document-stall'
const MB = 1_000_000

/** The issue's goal: no `/api/health` answer slower than this while a document is stored and indexed. */
export const TARGET_WORST_MS = 100

/** Limits raised far past any generated document, so the whole of it is processed. */
const RAISED_LIMITS = {
  MAX_DOCUMENT_CHARS: String(1_000_000_000),
  MAX_DOCUMENT_CHUNKS: String(10_000_000),
  // Parsing, chunking and embedding 100 MB of text on a busy 2-core machine.
  INGEST_TIMEOUT_S: '900',
}

export interface DocumentStallLine extends BenchLine {
  document_mb: number
  /** `default`: the server's own MAX_DOCUMENT_CHARS / MAX_DOCUMENT_CHUNKS; `raised`: far past the document. */
  limits: 'default' | 'raised'
  /** How the document ended, its chunks and its `metadata.error` (null when completed). */
  status: string
  chunk_count: number
  error: string | null
  /** From sending the upload to its 201. */
  upload_ms: number
  /** From the 201 to the document's job ending (stored, indexed and logged for sync, or failed). */
  processing_ms: number
  /**
   * `GET /api/health` requests from the upload's start to the job's end, one every ~10 ms; errors are
   * those not answered 200 (a connection reset), counted in the latencies with the time they took.
   */
  health_requests: number
  health_errors: number
  health_p50_ms: number
  health_p99_ms: number
  health_worst_ms: number
  /** When the worst answer was sent, ms after the upload started. */
  health_worst_at_ms: number
  target_worst_ms: number
}

export interface DocumentStallSettings {
  /** Generated document sizes, in MB (10^6 bytes). */
  sizesMb: number[]
  /** Which limits each size is processed under. */
  limits: Array<'default' | 'raised'>
}

export const defaultDocumentStallSettings: DocumentStallSettings = {
  sizesMb: [10, 100],
  limits: ['default', 'raised'],
}

/**
 * Whether storing a big document stalls the server: for each size and limits, a real server in a
 * process of its own (`startServerProcess`: main.ts, SQLite in a temp DATA_DIR), a plain-text document
 * of that size uploaded through HTTP, and `GET /api/health` polled every ~10 ms from the upload until
 * the document's job has ended. The worst and p99 latency of those answers are how long the server's
 * event loop was blocked at most. Under the default limits a document past MAX_DOCUMENT_CHARS fails:
 * that path is measured too.
 */
export async function measureDocumentStall(
  reporter: LineReporter<DocumentStallLine>,
  settings: DocumentStallSettings = defaultDocumentStallSettings,
): Promise<DocumentStallLine[]> {
  const articles = await xquadSentences()
  const lines: DocumentStallLine[] = []
  for (const sizeMb of settings.sizesMb) {
    const text = generatedText(articles, sizeMb * MB)
    for (const limits of settings.limits) {
      reporter.progress(`${NAME}: ${sizeMb} MB of text, ${limits} limits`)
      const line = await measureCase(text, sizeMb, limits, reporter.progress)
      reporter.emit(line)
      lines.push(line)
    }
  }
  return lines
}

async function measureCase(
  text: Uint8Array<ArrayBuffer>,
  sizeMb: number,
  limits: 'default' | 'raised',
  progress: (message: string) => void,
): Promise<DocumentStallLine> {
  const server = await startServerProcess(limits === 'raised' ? RAISED_LIMITS : {}, progress)
  try {
    const collectionId = await createCollection(server.url)
    const body = uploadForm(collectionId, text, sizeMb)
    const poll = await pollHealthInChild(server.url)
    let samples: HealthSample[]
    let outcome: Outcome
    const uploadStart = performance.now()
    let uploadMs = 0
    try {
      const { documentId, jobId } = await upload(server.url, body)
      uploadMs = performance.now() - uploadStart
      outcome = await waitForJob(server.url, documentId, jobId)
    } finally {
      samples = await poll.stop()
    }
    const processingMs = performance.now() - uploadStart - uploadMs
    // A failed request counts with the time it took to fail: a reset after a long stall is that stall.
    const summary = latencySummary(samples.map((sample) => sample.latencyMs))
    const slowest = [...samples].sort((a, b) => b.latencyMs - a.latencyMs).slice(0, 5)
    const worst = slowest[0]!
    progress(
      `  slowest /health answers (ms, sent at ms): ${slowest.map((s) => `${round(s.latencyMs, 0)} at ${round(s.atMs, 0)}`).join(', ')}`,
    )
    return {
      benchmark: NAME,
      case: `${sizeMb} MB text, ${limits} limits`,
      document_mb: sizeMb,
      limits,
      status: outcome.status,
      chunk_count: outcome.chunkCount,
      error: outcome.error,
      upload_ms: round(uploadMs, 1),
      processing_ms: round(processingMs, 1),
      health_requests: samples.length,
      health_errors: samples.filter((sample) => sample.status !== 200).length,
      health_p50_ms: summary.p50_ms,
      health_p99_ms: summary.p99_ms,
      health_worst_ms: summary.max_ms,
      health_worst_at_ms: round(worst.atMs, 1),
      target_worst_ms: TARGET_WORST_MS,
      node: process.version,
      date: new Date().toISOString(),
    }
  } finally {
    await server.stop()
  }
}

export interface Outcome {
  status: string
  chunkCount: number
  error: string | null
}

export async function createCollection(url: string): Promise<string> {
  const response = await fetch(`${url}/api/collections/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Big documents', description: 'document-stall bench' }),
  })
  const text = await response.text()
  if (response.status !== 201) throw new Error(`creating a collection answered ${response.status}: ${text}`)
  return (JSON.parse(text) as { id: string }).id
}

/** Made before the poll starts (the Blob copies the 100 MB). */
function uploadForm(collectionId: string, text: Uint8Array<ArrayBuffer>, sizeMb: number): FormData {
  const form = new FormData()
  form.append('collection_id', collectionId)
  form.append('file', new Blob([text]), `generated-${sizeMb}mb.txt`)
  return form
}

export async function upload(url: string, form: FormData): Promise<{ documentId: string; jobId: string }> {
  const response = await fetch(`${url}/api/documents/`, { method: 'POST', body: form })
  const body = await response.text()
  if (response.status !== 201) throw new Error(`the upload answered ${response.status}: ${body}`)
  const document = JSON.parse(body) as { id: string; job_id?: string }
  if (!document.job_id) throw new Error('the upload answered no job id')
  return { documentId: document.id, jobId: document.job_id }
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled'])
const JOB_POLL_MS = 250
const CASE_TIMEOUT_MS = 20 * 60_000

/** Waits until the document's job has ended (after the document's last write), then reads the document. */
export async function waitForJob(url: string, documentId: string, jobId: string): Promise<Outcome> {
  const deadline = performance.now() + CASE_TIMEOUT_MS
  for (;;) {
    const job = await getJson<{ status?: string }>(`${url}/api/v1/jobs/${jobId}`)
    if (job.status && TERMINAL.has(job.status)) break
    if (performance.now() > deadline)
      throw new Error(`the document's job did not end in ${CASE_TIMEOUT_MS / 60_000} min`)
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS))
  }
  const document = await getJson<{ status: string; chunk_count: number; metadata: { error?: string } }>(
    `${url}/api/documents/${documentId}`,
  )
  return { status: document.status, chunkCount: document.chunk_count, error: document.metadata.error ?? null }
}

/**
 * A GET answered 200, tried again after a connection reset: a server that was blocked for longer than
 * its keep-alive timeout closes the idle connection just as the next request is sent on it.
 */
async function getJson<T>(url: string, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let response: Response
    try {
      response = await fetch(url)
    } catch (error) {
      if (attempt >= attempts) throw error
      continue
    }
    const text = await response.text()
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text}`)
    return JSON.parse(text) as T
  }
}

/**
 * BENCH_STALL_SIZES_MB (comma-separated, default `10,100`) chooses the document sizes; each is run
 * with the default limits and with raised ones.
 */
export function documentStallSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): DocumentStallSettings {
  const raw = env.BENCH_STALL_SIZES_MB?.trim()
  if (!raw) return defaultDocumentStallSettings
  const sizesMb = raw.split(',').map((size) => Number(size.trim()))
  if (sizesMb.some((size) => !Number.isFinite(size) || size <= 0)) {
    throw new Error(`BENCH_STALL_SIZES_MB must list sizes in MB above 0, got ${JSON.stringify(raw)}`)
  }
  return { ...defaultDocumentStallSettings, sizesMb }
}

export const documentStall = lineBenchmark(NAME, (reporter) =>
  measureDocumentStall(reporter, documentStallSettingsFromEnv()),
)
