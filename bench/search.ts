import type { BenchLine, LineReporter } from './lib/BenchLine'
import type { Benchmark } from './lib/Benchmark'
import { latencySummary, type LatencySummary } from './lib/latencySummary'
import { round } from './lib/round'
import { runSearchCase, type SearchCaseInput, type SearchCaseResult } from './lib/runSearchCase'
import { searchInChromium } from './lib/searchInChromium'
import { xquadQuestions } from './lib/xquadQuestions'
import { xquadSentences } from './lib/xquadSentences'

const NAME = 'search'

/** The goal: p95 of a hybrid search over 100k chunks on the server. */
export const SERVER_TARGET_P95_MS = 30

export interface SearchLine extends BenchLine, LatencySummary {
  /** Where the index ran: in the Node process, or in a dedicated Web Worker of headless Chromium. */
  host: 'node' | 'chromium worker'
  /** `Chromium <version>` for the worker; null in Node. */
  browser: string | null
  chunks: number
  dimensions: number
  embedder: string
  limit: number
  candidate_depth: number
  /** Timed searches (the percentiles' sample). */
  queries: number
  /** Timed searches that found nothing (questions whose words the sampled text happens to lack). */
  empty_results: number
  /** p95 this case must not exceed (Node only); `findProblems` reports a miss. */
  target_p95_ms: number | null
  vector_kernel: 'wasm' | 'js'
  /** Embedding the chunks' texts with hash-v1, ms (setup, not searching). */
  embed_ms: number
  /** Building the SearchIndex from the embedded chunks, ms. */
  build_ms: number
}

export interface SearchBenchSettings {
  /** Index sizes, in chunks. */
  sizes: number[]
  /** Timed searches per case (the questions in order, again from the first if more). */
  queries: number
  /** Untimed searches first. */
  warmup: number
  /** Also run every size in a Chromium worker. */
  browser: boolean
}

export const defaultSearchSettings: SearchBenchSettings = {
  sizes: [10_000, 100_000],
  queries: 632, // each xquad-en question once
  warmup: 50,
  browser: true,
}

/**
 * Hybrid search latency (`SearchIndex.search`: BM25, exact cosine over 384-dim hash-v1 vectors, fusion;
 * limit 5) over synthetic indexes of xquad-en prose, for each size first in this Node process (the
 * server's index, in process) and then in a Web Worker of headless Chromium (the browser's). Every line
 * is emitted as soon as it exists. Node lines carry the 30 ms p95 target.
 */
export async function measureSearch(
  reporter: LineReporter<SearchLine>,
  settings: SearchBenchSettings = defaultSearchSettings,
): Promise<SearchLine[]> {
  const articles = await xquadSentences()
  const questions = (await xquadQuestions()).map((question) => question.question)
  const cases: SearchCaseInput[] = settings.sizes.map((chunks) => ({
    articles,
    questions,
    chunks,
    seed: chunks,
    queries: settings.queries,
    warmup: settings.warmup,
  }))
  const progress = (message: string) => reporter.progress(`${NAME}: ${message}`)
  const lines: SearchLine[] = []
  const emit = (line: SearchLine) => {
    lines.push(line)
    reporter.emit(line)
  }
  for (const input of cases) {
    progress(`node, ${input.chunks} chunks`)
    emit(searchLine(await runSearchCase(input, progress), 'node', null))
  }
  if (settings.browser) {
    progress('chromium worker, starting')
    const { browser, results } = await searchInChromium(cases, (message) =>
      progress(`chromium worker: ${message}`),
    )
    if (results.length !== cases.length)
      throw new Error(`${results.length} browser results for ${cases.length} cases`)
    for (const result of results) emit(searchLine(result, 'chromium worker', browser))
  }
  return lines
}

function searchLine(result: SearchCaseResult, host: SearchLine['host'], browser: string | null): SearchLine {
  return {
    benchmark: NAME,
    case: `hybrid search, ${result.chunks} chunks, ${host}`,
    host,
    browser,
    chunks: result.chunks,
    dimensions: result.dimensions,
    embedder: result.embedder,
    limit: result.limit,
    candidate_depth: result.candidate_depth,
    queries: result.samples.length,
    empty_results: result.empty_results,
    ...latencySummary(result.samples),
    target_p95_ms: host === 'node' ? SERVER_TARGET_P95_MS : null,
    vector_kernel: result.vector_kernel,
    embed_ms: round(result.embed_ms, 0),
    build_ms: round(result.build_ms, 0),
    node: process.version,
    date: new Date().toISOString(),
  }
}

export const search: Benchmark = {
  name: NAME,
  run: (context) => measureSearch({ emit: context.emit, progress: context.progress }),
}
