import { afterEach, describe, expect, it, vi } from 'vitest'
import { benchmarks } from './benchmarks'
import { embedHash, measureEmbedHash, type EmbedHashLine } from './embed-hash'
import { measureIngestMemory, type IngestMemoryLine } from './ingest-memory'
import { measureIngestPdf, type IngestPdfLine } from './ingest-pdf'
import type { BenchLine } from './lib/BenchLine'
import { findProblems } from './lib/findProblems'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { runBenchmarkOnce } from './lib/runBenchmarkOnce'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.

/** Collects what a measure function emits, and checks it is what it resolves with. */
function collector<T extends BenchLine>() {
  const emitted: T[] = []
  return { emitted, reporter: { emit: (line: T) => emitted.push(line), progress: () => {} } }
}

function expectCommonFields(line: BenchLine, benchmark: string): void {
  expect(line.benchmark).toBe(benchmark)
  expect(line.case).not.toBe('')
  expect(line.node).toBe(process.version)
  expect(new Date(line.date).toISOString()).toBe(line.date)
}

function expectPositive(line: object, fields: readonly string[]): void {
  for (const field of fields) {
    const value = (line as Record<string, unknown>)[field]
    expect(typeof value, field).toBe('number')
    expect(value, field).toBeGreaterThan(0)
    expect(Number.isFinite(value), field).toBe(true)
  }
}

describe('ingestion benchmarks', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it('are in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toEqual(
      expect.arrayContaining(['ingest-pdf', 'embed-hash', 'ingest-memory', 'ingest-hostile']),
    )
  })

  it(
    'ingest-pdf: a line per file and method, then a ratio line per file',
    async () => {
      const { emitted, reporter } = collector<IngestPdfLine>()
      const lines = await measureIngestPdf(reporter, { runs: 1 })

      expect(emitted).toEqual(lines)
      expect(lines.map((line) => line.case)).toEqual([
        'ingestFile pdfjs__tracemonkey.pdf (14 pages)',
        'pdf.js getTextContent pdfjs__tracemonkey.pdf (14 pages)',
        'ratio ingestFile pdfjs__tracemonkey.pdf (14 pages) / pdf.js getTextContent pdfjs__tracemonkey.pdf (14 pages)',
        'ingestFile pdfminer__i1040nr.pdf (50 pages)',
        'pdf.js getTextContent pdfminer__i1040nr.pdf (50 pages)',
        'ratio ingestFile pdfminer__i1040nr.pdf (50 pages) / pdf.js getTextContent pdfminer__i1040nr.pdf (50 pages)',
      ])
      for (const line of lines) {
        expectCommonFields(line, 'ingest-pdf')
        if ('method' in line) {
          expect(Object.keys(line).sort()).toEqual(
            [
              'benchmark',
              'case',
              'file',
              'method',
              'pages',
              'ms_per_doc',
              'pages_per_sec',
              'runs',
              'node',
              'date',
            ].sort(),
          )
          expect(line.runs).toBe(1)
          expectPositive(line, ['pages', 'ms_per_doc', 'pages_per_sec'])
        } else {
          expect(Object.keys(line).sort()).toEqual(
            ['benchmark', 'case', 'file', 'pages_per_sec_ratio', 'node', 'date'].sort(),
          )
          expectPositive(line, ['pages_per_sec_ratio'])
        }
      }
      expect(lines.filter((line) => 'pages' in line).map((line) => 'pages' in line && line.pages)).toEqual([
        14, 14, 50, 50,
      ])
    },
    // Two PDFs read twice each way (warm-up and one run) on a slow, busy machine; a few seconds when idle.
    scaledTimeout(180_000),
  )

  it('embed-hash: one line over every xquad-en chunk', async () => {
    const { emitted, reporter } = collector<EmbedHashLine>()
    const lines = await measureEmbedHash(reporter, { durationS: 0.1 })

    expect(emitted).toEqual(lines)
    expect(lines).toHaveLength(1)
    const line = lines[0]!
    expectCommonFields(line, 'embed-hash')
    expect(Object.keys(line).sort()).toEqual(
      [
        'benchmark',
        'case',
        'chunks_per_sec',
        'chunks',
        'mean_tokens_per_chunk',
        'embedded',
        'duration_s',
        'node',
        'date',
      ].sort(),
    )
    expectPositive(line, ['chunks_per_sec', 'chunks', 'mean_tokens_per_chunk', 'embedded', 'duration_s'])
    // Whole passes: every chunk is embedded the same number of times.
    expect(line.embedded % line.chunks).toBe(0)
  })

  it('embed-hash through the registry reads its settings from the environment', async () => {
    vi.stubEnv('BENCH_DURATION_S', '0.1')
    const results = await runBenchmarkOnce(embedHash, { durationS: 10, connections: 1, warmupS: 1 })
    expect(results).toHaveLength(1)
    expect((results[0] as unknown as EmbedHashLine).duration_s).toBeLessThan(5)
    // run.ts checks every result for failed requests: these lines must never be taken for failed load tests.
    expect(findProblems(results)).toEqual([])
  })

  it(
    'ingest-memory: one line from a fresh process',
    async () => {
      const { emitted, reporter } = collector<IngestMemoryLine>()
      const lines = await measureIngestMemory(reporter)

      expect(emitted).toEqual(lines)
      expect(lines).toHaveLength(1)
      const line = lines[0]!
      expectCommonFields(line, 'ingest-memory')
      const numbers = [
        'pages',
        'chunks',
        'baseline_rss_mb',
        'baseline_heap_used_mb',
        'peak_rss_mb',
        'peak_heap_used_mb',
        'peak_external_mb',
        'peak_array_buffers_mb',
        'max_rss_mb',
        'samples',
        'ingest_ms',
      ]
      expect(Object.keys(line).sort()).toEqual(['benchmark', 'case', ...numbers, 'node', 'date'].sort())
      expectPositive(line, numbers)
      expect(line.pages).toBe(50)
      // Consistency, not speed: a peak is at least the baseline, the kernel's peak at least the sampled one.
      expect(line.peak_rss_mb).toBeGreaterThanOrEqual(line.baseline_rss_mb)
      expect(line.peak_heap_used_mb).toBeGreaterThanOrEqual(line.baseline_heap_used_mb)
      expect(line.max_rss_mb).toBeGreaterThanOrEqual(line.peak_rss_mb)
    },
    // A Node start-up with tsx and one cold ingest of 50 pages.
    scaledTimeout(120_000),
  )
})
