import { readFile } from 'node:fs/promises'
import { DEFAULT_INGEST_MEMORY_MB } from '../sync-server/src/config'
import { MAX_STREAM_BYTES } from '../web/core/ingest/parse/office/compoundFile'
import {
  bloatedStreamFile,
  emptyElementsDocx,
  hugePagePdf,
  hugePng,
  manyObjectsPdf,
  manyRunsDocx,
} from '../web/core/testing/node/hostileIngestFiles'
import { createCollection, upload, waitForJob } from './document-stall'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import { latencySummary } from './lib/latencySummary'
import { lineBenchmark } from './lib/lineBenchmark'
import { pollHealthInChild } from './lib/pollHealthInChild'
import { round } from './lib/round'
import { peakRssSince, resetPeakRss } from './lib/processPeakRss'
import { startLoopProbedServer } from './lib/startLoopProbedServer'

const NAME = 'ingest-hostile'
export const TARGET_HEALTH_WORST_MS = 100
/** How often /api/health is asked while a file is processed (issue 39: every 50 ms). */
const HEALTH_POLL_MS = 50
/** A compound file's read stream just past the parsers' limit (MAX_STREAM_BYTES, 64 MiB): 72 MiB. */
const BLOAT_MB = MAX_STREAM_BYTES / (1024 * 1024) + 8

/** One file processed by the server: how it ended, the server process's memory, /api/health meanwhile. */
export interface IngestHostileLine extends BenchLine {
  /** `hostile`: a shape made to take memory; `normal`: a real file of about the same size to compare. */
  shape: 'hostile' | 'normal'
  file_kb: number
  status: string
  error: string | null
  chunk_count: number
  /** The server process's RSS (its ingest worker is a thread of it) before the upload, and its peak after. */
  baseline_rss_mb: number
  peak_rss_mb: number
  /** peak - baseline: what this one file cost the server, against INGEST_MEMORY_MB. */
  rss_growth_mb: number
  ingest_memory_mb: number
  processing_ms: number
  health_requests: number
  health_errors: number
  health_p50_ms: number
  health_p95_ms: number
  health_worst_ms: number
  target_health_worst_ms: number
  /**
   * The server's main event loop meanwhile (monitorEventLoopDelay, in the server): the longest it was
   * held up, and its p99. Far below health_worst_ms, the slow answers were the machine, not the server.
   */
  server_loop_delay_max_ms: number
  server_loop_delay_p99_ms: number
}

interface Case {
  name: string
  shape: 'hostile' | 'normal'
  filename: string
  bytes: () => Promise<Uint8Array>
}

const corpus = (path: string) => async () => new Uint8Array(await readFile(corpusFile(path)))
const docx = corpus('docx/docling__word_sample.docx')

/**
 * Each hostile shape of issue 39, after a normal file of its kind (first, so that what the hostile one
 * costs is measured over a server that has already read a file of that kind).
 */
function cases(): Case[] {
  return [
    { name: 'docx: docling word sample', shape: 'normal', filename: 'sample.docx', bytes: docx },
    {
      name: 'docx: 60 MB of empty elements',
      shape: 'hostile',
      filename: 'empty.docx',
      bytes: async () => emptyElementsDocx(await docx(), 60),
    },
    {
      name: 'docx: 60 MB of one-letter runs',
      shape: 'hostile',
      filename: 'runs.docx',
      bytes: async () => manyRunsDocx(await docx(), 60),
    },
    {
      name: 'png: 2480 x 3508 (A4 at 300 dpi)',
      shape: 'normal',
      filename: 'page.png',
      bytes: async () => hugePng(2480, 3508),
    },
    {
      name: 'png: 20000 x 20000',
      shape: 'hostile',
      filename: 'huge.png',
      bytes: async () => hugePng(20_000, 20_000),
    },
    {
      name: 'pdf: i1040nr (50 pages)',
      shape: 'normal',
      filename: 'i1040nr.pdf',
      bytes: corpus('pdf/pdfminer__i1040nr.pdf'),
    },
    {
      name: 'pdf: one 14400 pt page, no text',
      shape: 'hostile',
      filename: 'huge-page.pdf',
      bytes: async () => hugePagePdf(14_400),
    },
    {
      name: 'pdf: 25,000 pages, 50,000 objects',
      shape: 'hostile',
      filename: 'many.pdf',
      bytes: async () => manyObjectsPdf(25_000),
    },
    {
      name: 'doc: docling legacy sample',
      shape: 'normal',
      filename: 'sample.doc',
      bytes: corpus('doc/docling__legacy_sample.doc'),
    },
    {
      name: `doc: ${BLOAT_MB} MB WordDocument stream`,
      shape: 'hostile',
      filename: 'bloated.doc',
      bytes: async () =>
        bloatedStreamFile(await corpus('doc/docling__legacy_sample.doc')(), 'WordDocument', BLOAT_MB),
    },
    {
      name: 'ppt: docling legacy sample',
      shape: 'normal',
      filename: 'sample.ppt',
      bytes: corpus('ppt/docling__legacy_sample.ppt'),
    },
    {
      name: `ppt: ${BLOAT_MB} MB PowerPoint Document stream`,
      shape: 'hostile',
      filename: 'bloated.ppt',
      bytes: async () =>
        bloatedStreamFile(await corpus('ppt/docling__legacy_sample.ppt')(), 'PowerPoint Document', BLOAT_MB),
    },
  ]
}

/**
 * Uploads each shape to a server started as people run it (default INGEST_MEMORY_MB and limits, a
 * process of its own) one at a time, and reports how the document ended, what it cost the server
 * process in RSS (the kernel's peak, VmHWM, reset before each file) and how /api/health answered
 * meanwhile (polled every 50 ms from another process: p50, p95, worst).
 */
export async function measureIngestHostile(
  reporter: LineReporter<IngestHostileLine>,
): Promise<IngestHostileLine[]> {
  const server = await startLoopProbedServer(reporter.progress)
  const lines: IngestHostileLine[] = []
  try {
    const pid = server.pid
    const collectionId = await createCollection(server.url)
    for (const item of cases()) {
      reporter.progress(`${NAME}: ${item.name}`)
      const bytes = await item.bytes()
      const form = new FormData()
      form.append('collection_id', collectionId)
      form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), item.filename)
      const baseline = await resetPeakRss(pid)
      const poll = await pollHealthInChild(server.url, HEALTH_POLL_MS)
      await server.loopDelay()
      const started = performance.now()
      let outcome
      let samples
      try {
        const { documentId, jobId } = await upload(server.url, form)
        outcome = await waitForJob(server.url, documentId, jobId)
      } finally {
        samples = await poll.stop()
      }
      const processingMs = performance.now() - started
      const loopDelay = await server.loopDelay()
      const peak = await peakRssSince(pid)
      const latency = latencySummary(samples.map((sample) => sample.latencyMs))
      const line: IngestHostileLine = {
        benchmark: NAME,
        case: item.name,
        shape: item.shape,
        file_kb: round(bytes.length / 1024, 1),
        status: outcome.status,
        error: outcome.error,
        chunk_count: outcome.chunkCount,
        baseline_rss_mb: round(baseline / 1024, 1),
        peak_rss_mb: round(peak / 1024, 1),
        rss_growth_mb: round((peak - baseline) / 1024, 1),
        ingest_memory_mb: DEFAULT_INGEST_MEMORY_MB,
        processing_ms: round(processingMs, 1),
        health_requests: samples.length,
        health_errors: samples.filter((sample) => sample.status !== 200).length,
        health_p50_ms: latency.p50_ms,
        health_p95_ms: latency.p95_ms,
        health_worst_ms: latency.max_ms,
        target_health_worst_ms: TARGET_HEALTH_WORST_MS,
        server_loop_delay_max_ms: loopDelay.max_ms,
        server_loop_delay_p99_ms: loopDelay.p99_ms,
        node: process.version,
        date: new Date().toISOString(),
      }
      reporter.emit(line)
      lines.push(line)
    }
  } finally {
    await server.stop()
  }
  return lines
}

export const ingestHostile = lineBenchmark(NAME, (reporter) => measureIngestHostile(reporter))
