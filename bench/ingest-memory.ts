import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import { ingestMemoryInChild } from './lib/ingestMemoryInChild'
import { lineBenchmark } from './lib/lineBenchmark'
import { round } from './lib/round'

const NAME = 'ingest-memory'
const FILE = 'pdf/pdfminer__i1040nr.pdf'
const PAGES = 50
const SAMPLE_INTERVAL_MS = 5
const MIB = 1024 * 1024

/** Memory of one ingest in a fresh process; "mb" here are MiB (2^20 bytes). */
export interface IngestMemoryLine extends BenchLine {
  pages: number
  chunks: number
  /** RSS and heap in use after imports and the file read, just before the ingest. */
  baseline_rss_mb: number
  baseline_heap_used_mb: number
  /** The largest of each field over the samples (every 5 ms and at each progress step), not one moment. */
  peak_rss_mb: number
  peak_heap_used_mb: number
  peak_external_mb: number
  peak_array_buffers_mb: number
  /** The kernel's peak RSS over the process's life: it also catches peaks between samples. */
  max_rss_mb: number
  samples: number
  ingest_ms: number
}

/**
 * Peak memory of a server ingest of the 50-page PDF (i1040nr): one ingest (no warm-up: a warm-up would leave
 * its heap behind) in a Node process forked for it, which samples its own `process.memoryUsage()`.
 */
export async function measureIngestMemory(
  reporter: LineReporter<IngestMemoryLine>,
): Promise<IngestMemoryLine[]> {
  reporter.progress(`${NAME}: ingesting ${FILE} in a fresh process, sampling every ${SAMPLE_INTERVAL_MS} ms`)
  const summary = await ingestMemoryInChild({ path: corpusFile(FILE), sampleIntervalMs: SAMPLE_INTERVAL_MS })
  if (summary.pages !== PAGES || summary.chunks === 0) {
    throw new Error(
      `${NAME}: ingest gave ${summary.pages} pages and ${summary.chunks} chunks, expected ${PAGES} pages`,
    )
  }
  const mb = (bytes: number) => round(bytes / MIB, 1)
  const line: IngestMemoryLine = {
    benchmark: NAME,
    case: `ingestFile ${FILE.replace('pdf/', '')} (${PAGES} pages), fresh process`,
    pages: summary.pages,
    chunks: summary.chunks,
    baseline_rss_mb: mb(summary.baseline.rss),
    baseline_heap_used_mb: mb(summary.baseline.heapUsed),
    peak_rss_mb: mb(summary.peak.rss),
    peak_heap_used_mb: mb(summary.peak.heapUsed),
    peak_external_mb: mb(summary.peak.external),
    peak_array_buffers_mb: mb(summary.peak.arrayBuffers),
    // maxRSS is in KiB.
    max_rss_mb: round(summary.maxRssKib / 1024, 1),
    samples: summary.samples,
    ingest_ms: round(summary.ingestMs, 3),
    node: process.version,
    date: new Date().toISOString(),
  }
  reporter.emit(line)
  return [line]
}

export const ingestMemory = lineBenchmark(NAME, (reporter) => measureIngestMemory(reporter))
