// Entry of the process forked by `ingestMemoryInChild`: receives one IngestMemoryOptions over IPC, ingests
// that file once while sampling its own memory, and answers with an IngestMemoryReply. It has no exports.
// Its imports are static, so they are all loaded before the baseline is taken.
import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import { loadNodePdfJs } from '../../sync-server/src/ingest/nodePdfjs'
import type { IngestResult } from '../../web/core/ingest/ingestFile'
import type { IngestMemoryOptions, IngestMemoryReply, MemorySummary } from './IngestMemoryOptions'
import { serverIngest } from './serverIngest'
import { startMemorySampler, type MemorySampler } from './startMemorySampler'

let answered = false
// The parent disconnects once it has the reply; a disconnect before that means the parent died.
process.once('disconnect', () => process.exit(answered ? 0 : 1))

process.once('message', (message: IngestMemoryOptions) => {
  void measure(message).then(
    (summary) => reply({ ok: true, summary }),
    (error: unknown) =>
      reply({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  )
})

async function measure(options: IngestMemoryOptions): Promise<MemorySummary> {
  // The parser imports pdf.js on first use; importing it here counts the module as start-up (paid once per
  // process or worker thread), not as the ingest. Its worker code still loads with the first document.
  await loadNodePdfJs()
  const bytes = new Uint8Array(await readFile(options.path))
  // Started with --expose-gc: collecting start-up garbage first makes the baseline (and the heap peak) the
  // memory the process holds, not whatever the module loading happened to leave behind.
  globalThis.gc?.()
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage()
  const sampler = startMemorySampler(options.sampleIntervalMs)
  const started = performance.now()
  let result: IngestResult
  let ingestMs: number
  let sampled: ReturnType<MemorySampler['stop']>
  try {
    // Progress marks the end of parsing and of each embedding batch: a sample there sees each stage's output.
    result = await serverIngest(bytes, basename(options.path), { onProgress: () => sampler.sample() })
  } finally {
    ingestMs = performance.now() - started
    sampled = sampler.stop()
  }
  return {
    baseline: { rss, heapUsed, external, arrayBuffers },
    peak: sampled.peak,
    maxRssKib: process.resourceUsage().maxRSS,
    samples: sampled.samples,
    ingestMs,
    pages: result.metadata.pages ?? 0,
    chunks: result.chunks.length,
  }
}

function reply(message: IngestMemoryReply): void {
  if (!process.send) throw new Error('ingestMemoryChild must be started by ingestMemoryInChild() with IPC')
  answered = true
  process.send(message)
}
