import { describe, expect, it } from 'vitest'
import { findChromium } from '../scripts/findChromium.mjs'
import { benchmarks } from './benchmarks'
import type { ArticleSentences } from './lib/ArticleSentences'
import { latencySummary } from './lib/latencySummary'
import { splitSentences } from './lib/splitSentences'
import { syntheticChunks } from './lib/syntheticChunks'
import { xquadSentences } from './lib/xquadSentences'
import { measureSearch, SERVER_TARGET_P95_MS, type SearchLine } from './search'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.

const articles: ArticleSentences[] = [
  { title: 'Alpha', sentences: Array.from({ length: 12 }, (_, i) => `Alpha sentence ${i}.`) },
  { title: 'Beta', sentences: Array.from({ length: 5 }, (_, i) => `Beta sentence ${i}.`) },
]

function collector() {
  const emitted: SearchLine[] = []
  return { emitted, reporter: { emit: (line: SearchLine) => emitted.push(line), progress: () => {} } }
}

function expectLine(line: SearchLine, host: SearchLine['host'], chunks: number, queries: number): void {
  expect(line.benchmark).toBe('search')
  expect(line.case).toBe(`hybrid search, ${chunks} chunks, ${host}`)
  expect(line).toMatchObject({ host, chunks, queries, dimensions: 384, embedder: 'hash-v1', limit: 5 })
  expect(line.candidate_depth).toBeGreaterThanOrEqual(line.limit)
  for (const field of ['p50_ms', 'p95_ms', 'p99_ms', 'mean_ms', 'max_ms', 'embed_ms', 'build_ms'] as const) {
    expect(Number.isFinite(line[field]), field).toBe(true)
    expect(line[field], field).toBeGreaterThanOrEqual(0)
  }
  expect(line.empty_results).toBeLessThanOrEqual(queries / 2)
  expect(line.p50_ms).toBeLessThanOrEqual(line.p95_ms)
  expect(line.p95_ms).toBeLessThanOrEqual(line.p99_ms)
  expect(line.p99_ms).toBeLessThanOrEqual(line.max_ms)
  expect(new Date(line.date).toISOString()).toBe(line.date)
}

describe('search benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('search')
  })

  it('splits prose into sentences, keeping numbers and abbreviations inside them', () => {
    expect(splitSentences('It won 24–10. The game (held in 2016) drew 71,088. “Yes!” he said? No.')).toEqual([
      'It won 24–10.',
      'The game (held in 2016) drew 71,088.',
      '“Yes!” he said?',
      'No.',
    ])
    expect(splitSentences('Worth $5.2 million, e.g. a lot.')).toEqual(['Worth $5.2 million, e.g. a lot.'])
  })

  it('makes the number of chunks asked for, the same for the same seed, from runs of one article', () => {
    const chunks = syntheticChunks(articles, { count: 55, seed: 1, chunksPerDocument: 10, collections: 3 })
    expect(chunks).toHaveLength(55)
    expect(syntheticChunks(articles, { count: 55, seed: 1, chunksPerDocument: 10, collections: 3 })).toEqual(
      chunks,
    )
    expect(
      syntheticChunks(articles, { count: 55, seed: 2, chunksPerDocument: 10, collections: 3 }),
    ).not.toEqual(chunks)
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(55)
    expect(new Set(chunks.map((chunk) => chunk.document_id)).size).toBe(6)
    expect(new Set(chunks.map((chunk) => chunk.collection_id))).toEqual(
      new Set(['collection-0', 'collection-1', 'collection-2']),
    )
    for (const chunk of chunks) {
      const article = articles.find((candidate) => candidate.title === chunk.heading)!
      const sentences = chunk.text.split(/(?<=\.) /u)
      const start = article.sentences.indexOf(sentences[0]!)
      // 4 to 9 consecutive sentences (fewer only when the article is shorter).
      expect(sentences).toEqual(article.sentences.slice(start, start + sentences.length))
      expect(sentences.length).toBeLessThanOrEqual(9)
      expect(sentences.length).toBeGreaterThanOrEqual(Math.min(4, article.sentences.length))
      expect(chunk.vector).toBeNull()
    }
  })

  it('reads the xquad-en articles as titles and sentences', async () => {
    const xquad = await xquadSentences()
    expect(xquad).toHaveLength(24)
    expect(xquad[0]!.title).toBe('Super Bowl 50')
    expect(xquad.reduce((sum, article) => sum + article.sentences.length, 0)).toBeGreaterThan(400)
    for (const article of xquad)
      for (const sentence of article.sentences) expect(sentence).not.toMatch(/^#|\n\n/u)
  })

  it('summarises timings by nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i) // 100 .. 1, unsorted
    expect(latencySummary(samples)).toEqual({
      p50_ms: 50,
      p95_ms: 95,
      p99_ms: 99,
      mean_ms: 50.5,
      max_ms: 100,
    })
    expect(() => latencySummary([])).toThrow()
  })

  it(
    'node: one line per size, with the server target',
    async () => {
      const { emitted, reporter } = collector()
      const lines = await measureSearch(reporter, {
        sizes: [300, 500],
        queries: 12,
        warmup: 2,
        browser: false,
      })
      expect(emitted).toEqual(lines)
      expect(lines).toHaveLength(2)
      expectLine(lines[0]!, 'node', 300, 12)
      expectLine(lines[1]!, 'node', 500, 12)
      expect(lines[0]!.target_p95_ms).toBe(SERVER_TARGET_P95_MS)
      expect(lines[0]!.browser).toBeNull()
    },
    scaledTimeout(60_000),
  )

  it.skipIf(!findChromium())(
    'chromium worker: the same cases in a Web Worker',
    async () => {
      const { reporter } = collector()
      const lines = await measureSearch(reporter, { sizes: [3000], queries: 5, warmup: 1, browser: true })
      expect(lines.map((line) => line.host)).toEqual(['node', 'chromium worker'])
      const [node, worker] = lines as [SearchLine, SearchLine]
      expectLine(worker, 'chromium worker', 3000, 5)
      expect(worker.browser).toMatch(/^Chromium \d+/u)
      expect(worker.target_p95_ms).toBeNull()
      // Chromium runs WebAssembly SIMD, so both hosts score vectors with the kernel at this size.
      expect([node.vector_kernel, worker.vector_kernel]).toEqual(['wasm', 'wasm'])
    },
    scaledTimeout(120_000),
  )
})
