import { hashEmbedder } from '../web/core/ingest/embed/hashEmbedder'
import { defaultSimilarityThreshold } from '../web/core/retrieve/defaultSimilarityThreshold'
import { exactVectorsOf } from '../web/core/retrieve/index/ExactVectors'
import { type SearchMode, SearchIndex } from '../web/core/retrieve/index/SearchIndex'
import type { ChunkRecord } from '../web/core/store/ChunkRecord'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { financebenchQuestions } from './lib/financebenchQuestions'
import { ingestFinancebench } from './lib/ingestFinancebench'
import { ingestXquad } from './lib/ingestXquad'
import { lineBenchmark } from './lib/lineBenchmark'
import { distinctPages, firstPageRank, pageHitQuality, pageKey } from './lib/pageHitQuality'
import { PlainBm25 } from './lib/plainBm25'
import { retrievalQuality } from './lib/retrievalQuality'
import { qualityTable } from './lib/qualityTable'
import { round } from './lib/round'
import { xquadParagraphs } from './lib/xquadParagraphs'
import { xquadQuestions } from './lib/xquadQuestions'

const NAME = 'quality'
const MODES: readonly SearchMode[] = ['bm25', 'vector', 'hybrid']
/** Passages per xquad question: enough for MRR@10. */
const XQUAD_LIMIT = 10
/**
 * Chunks asked for per filing question. Pages are ranked by their best chunk, and a page holds
 * several chunks, so ten distinct pages (hit@10) need several times ten chunks.
 */
const FILING_CHUNK_LIMIT = 50

export type QualitySet = 'xquad-en' | 'financebench-dev'

/** The figure each set is judged by: hybrid must not fall below the baseline on it. */
export const HEADLINE: Readonly<Record<QualitySet, string>> = {
  'xquad-en': 'recall_at_5',
  'financebench-dev': 'hit_at_5',
}

export interface QualityLine extends BenchLine {
  set: QualitySet
  /** What actually ran (`SearchIndex.search`'s `method`). */
  method: SearchMode
  embedder: string
  /** Minimum cosine for vector candidates; null for BM25. */
  similarity_threshold: number | null
  /**
   * xquad-en: `recall_at_5` (share of questions with an answer-bearing chunk in the first five) and
   * `mrr_at_10`. financebench-dev: `hit_at_5`, `hit_at_10` (share of questions with the evidence page
   * among the first 5 / 10 distinct pages, a page ranked by its best chunk) and `mrr_at_10`.
   */
  figures: Record<string, number>
  /** The same figures of the plain BM25 baseline (bench/lib/plainBm25.ts) in this run. */
  baseline: Record<string, number>
  questions: number
  /** Chunks Quire searched. */
  chunks: number
  /** Passages the baseline ranked: source paragraphs (xquad-en) or whole pages (financebench-dev). */
  baseline_passages: number
}

/**
 * Retrieval quality on the corpus's two QA sets, for BM25, vectors and hybrid (hash-v1, default
 * threshold), each beside a plain BM25 baseline computed in the same run: xquad-en (the 24 articles
 * through real ingestion; a hit is a chunk containing an answer) and financebench-dev (three filings
 * through the real PDF pipeline into one collection; a hit is a chunk of the evidence document on the
 * evidence page). One line per (set, method), the table on stderr; throws after emitting when hybrid
 * falls below the baseline on either set's headline figure (`HEADLINE`).
 */
export async function measureQuality(reporter: LineReporter<QualityLine>): Promise<QualityLine[]> {
  const threshold = defaultSimilarityThreshold(hashEmbedder.id)
  const lines: QualityLine[] = []
  const line = (set: QualitySet, method: SearchMode, figures: Record<string, number>, rest: LineRest) => {
    const made: QualityLine = {
      benchmark: NAME,
      case: `${set} ${method} (${hashEmbedder.id})`,
      set,
      method,
      embedder: hashEmbedder.id,
      similarity_threshold: method === 'bm25' ? null : threshold,
      figures: roundAll(figures),
      baseline: roundAll(rest.baseline),
      questions: rest.questions,
      chunks: rest.chunks,
      baseline_passages: rest.baselinePassages,
      node: process.version,
      date: new Date().toISOString(),
    }
    reporter.emit(made)
    lines.push(made)
  }

  // xquad-en
  const xquadChunks = await ingestXquad(hashEmbedder)
  const xquad = await xquadQuestions()
  const paragraphs = await xquadParagraphs()
  reporter.progress(`${NAME}: xquad-en: ${xquadChunks.length} chunks, ${paragraphs.length} paragraphs`)
  const paragraphText = new Map(paragraphs.map(({ id, text }) => [id, text]))
  const plainXquad = new PlainBm25(paragraphs)
  const { recall_at_5, mrr_at_10 } = retrievalQuality(
    xquad.map(({ question, answers }) => ({
      answers,
      retrieved: plainXquad
        .rank(question)
        .slice(0, XQUAD_LIMIT)
        .map((id) => paragraphText.get(id)!),
    })),
  )
  const xquadBaseline = { recall_at_5, mrr_at_10 }
  const xquadSearch = await searcher(
    xquadChunks,
    xquad.map(({ question }) => question),
  )
  for (const mode of MODES) {
    const found = await xquadSearch(mode, XQUAD_LIMIT)
    const quality = retrievalQuality(
      xquad.map(({ answers }, i) => ({ answers, retrieved: found[i]!.map(({ text }) => text) })),
    )
    line(
      'xquad-en',
      mode,
      { recall_at_5: quality.recall_at_5, mrr_at_10: quality.mrr_at_10 },
      {
        baseline: xquadBaseline,
        questions: xquad.length,
        chunks: xquadChunks.length,
        baselinePassages: paragraphs.length,
      },
    )
  }

  // financebench-dev
  const filings = await ingestFinancebench(reporter.progress)
  const questions = await financebenchQuestions()
  const wanted = questions.map(({ evidence }) => evidence.map(({ doc, page }) => pageKey(doc, page)))
  const plainPages = new PlainBm25(filings.pages)
  const { questions: _, ...filingBaseline } = pageHitQuality(
    questions.map(({ question }, i) => firstPageRank(plainPages.rank(question), wanted[i]!)),
  )
  const filingSearch = await searcher(
    filings.chunks,
    questions.map(({ question }) => question),
  )
  for (const mode of MODES) {
    const found = await filingSearch(mode, FILING_CHUNK_LIMIT)
    const { questions: count, ...figures } = pageHitQuality(
      found.map((chunks, i) => firstPageRank(distinctPages(chunks), wanted[i]!)),
    )
    line('financebench-dev', mode, figures, {
      baseline: filingBaseline,
      questions: count,
      chunks: filings.chunks.length,
      baselinePassages: filings.pages.length,
    })
  }

  reporter.progress(qualityTable(lines))
  const problems = qualityProblems(lines)
  if (problems.length > 0) throw new Error(`${NAME}: ${problems.join('; ')}`)
  return lines
}

interface LineRest {
  baseline: Record<string, number>
  questions: number
  chunks: number
  baselinePassages: number
}

/**
 * One index over `chunks` and the questions' hash-v1 vectors; the returned function runs every
 * question in one mode and gives each question's chunks, best first. Throws when another method ran
 * than the one asked for: a silent fallback to BM25 would make every row the same and prove nothing.
 */
async function searcher(
  chunks: readonly ChunkRecord[],
  queries: readonly string[],
): Promise<(mode: SearchMode, limit: number) => Promise<ChunkRecord[][]>> {
  const index = SearchIndex.fromChunks(chunks)
  const exactVectors = exactVectorsOf(chunks)
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]))
  const vectors = await hashEmbedder.embed([...queries])
  const threshold = defaultSimilarityThreshold(hashEmbedder.id)
  return async (mode, limit) => {
    const ranked: ChunkRecord[][] = []
    for (const [i, query] of queries.entries()) {
      const { results, method } = await index.search({
        query,
        queryVector: vectors[i]!,
        embedder: hashEmbedder.id,
        exactVectors,
        limit,
        mode,
        similarityThreshold: threshold,
      })
      if (method !== mode) throw new Error(`${NAME}: asked for ${mode}, ${method} ran`)
      ranked.push(results.map(({ id }) => byId.get(id)!))
    }
    return ranked
  }
}

function roundAll(figures: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, round(value, 4)]))
}

/**
 * Where hybrid search falls below the plain baseline on a set's headline figure (`HEADLINE`), or a
 * set has no hybrid line. Empty when hybrid holds its own on both sets.
 */
export function qualityProblems(lines: readonly QualityLine[]): string[] {
  const problems: string[] = []
  for (const [set, figure] of Object.entries(HEADLINE) as Array<[QualitySet, string]>) {
    const hybrid = lines.find((line) => line.set === set && line.method === 'hybrid')
    if (!hybrid) {
      problems.push(`no hybrid line for ${set}`)
      continue
    }
    const ours = hybrid.figures[figure] ?? NaN
    const theirs = hybrid.baseline[figure] ?? NaN
    if (!(ours >= theirs)) {
      problems.push(`${set}: hybrid ${figure} ${ours} is below the plain BM25 baseline's ${theirs}`)
    }
  }
  return problems
}

export const quality = lineBenchmark(NAME, measureQuality)
