import { hashEmbedder } from '../web/core/ingest/embed/hashEmbedder'
import { defaultSimilarityThreshold } from '../web/core/retrieve/defaultSimilarityThreshold'
import { exactVectorsOf } from '../web/core/retrieve/index/ExactVectors'
import { type SearchMode, SearchIndex } from '../web/core/retrieve/index/SearchIndex'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { ingestXquad } from './lib/ingestXquad'
import { lineBenchmark } from './lib/lineBenchmark'
import { retrievalQuality } from './lib/retrievalQuality'
import { retrievalTable } from './lib/retrievalTable'
import { round } from './lib/round'
import { xquadQuestions } from './lib/xquadQuestions'

const NAME = 'retrieval'
/** Results asked for per question: enough for MRR@10 (recall@5 reads the first five of them). */
const LIMIT = 10
/**
 * Issue 4: hybrid search must reach this recall@5 on xquad-en; issue 28: and never fall below BM25
 * alone (issue 4 asked it to beat BM25, which hash-v1's vote did by one question of 632; its measured
 * weight is now 0, so its hybrid search answers as BM25 does: `embedderCalibration`).
 */
export const MIN_HYBRID_RECALL_AT_5 = 0.9

export interface RetrievalLine extends BenchLine {
  /** What actually ran (`SearchIndex.search`'s `method`). */
  method: SearchMode
  embedder: string
  /** Minimum cosine for vector candidates; null for BM25, which has none. */
  similarity_threshold: number | null
  /** Share of questions whose first result contains an answer. */
  recall_at_1: number
  /** Share of questions with an answer in the first five results. */
  recall_at_5: number
  /** Mean reciprocal rank of the first answering result within the first ten (0 when none). */
  mrr_at_10: number
  questions: number
  chunks: number
}

interface RetrievalCase {
  case: string
  mode: SearchMode
  threshold: number | null
}

/**
 * Retrieval quality on xquad-en: the 24 articles through the real ingestion pipeline (`ingestFile`,
 * Markdown parser, default chunking, hash-v1 vectors), one `SearchIndex`, the 632 questions. A hit
 * is a retrieved chunk that contains one of the question's answers (exact substring). One line per
 * way of searching, and the table on stderr. Throws after emitting when hybrid search at its default
 * threshold misses what issues 4 and 28 ask (recall@5 of at least 0.90, not below BM25 alone), so
 * `npm run bench` reports the benchmark as failed.
 */
export async function measureRetrieval(reporter: LineReporter<RetrievalLine>): Promise<RetrievalLine[]> {
  // The index alone, without the articles' profiles: what fusion does by itself (the quality
  // benchmark searches as the API does, with them).
  const { chunks } = await ingestXquad(hashEmbedder)
  const questions = await xquadQuestions()
  reporter.progress(`${NAME}: ${chunks.length} chunks of 24 articles, ${questions.length} questions`)
  const index = SearchIndex.fromChunks(chunks)
  const exactVectors = exactVectorsOf(chunks)
  const texts = new Map(chunks.map((chunk) => [chunk.id, chunk.text]))
  const queryVectors = await hashEmbedder.embed(questions.map(({ question }) => question))

  const threshold = defaultSimilarityThreshold(hashEmbedder.id)
  const cases: RetrievalCase[] = [
    { case: 'bm25', mode: 'bm25', threshold: null },
    { case: 'vector, threshold 0', mode: 'vector', threshold: 0 },
    { case: `vector, default threshold ${threshold}`, mode: 'vector', threshold },
    { case: 'hybrid, threshold 0', mode: 'hybrid', threshold: 0 },
    { case: `hybrid, default threshold ${threshold}`, mode: 'hybrid', threshold },
  ]
  const lines: RetrievalLine[] = []
  for (const { case: name, mode, threshold: similarityThreshold } of cases) {
    const ranked: Array<{ answers: string[]; retrieved: string[] }> = []
    for (const [i, { question, answers }] of questions.entries()) {
      const { results, method } = await index.search({
        query: question,
        queryVector: queryVectors[i]!,
        embedder: hashEmbedder.id,
        exactVectors,
        limit: LIMIT,
        mode,
        similarityThreshold: similarityThreshold ?? 0,
      })
      // A silent fallback to BM25 would make every row the same and prove nothing.
      if (method !== mode) throw new Error(`${NAME}: asked for ${mode}, ${method} ran`)
      ranked.push({ answers, retrieved: results.map(({ id }) => texts.get(id) ?? '') })
    }
    const quality = retrievalQuality(ranked)
    const line: RetrievalLine = {
      benchmark: NAME,
      case: `${name} (${hashEmbedder.id}, xquad-en)`,
      method: mode,
      embedder: hashEmbedder.id,
      similarity_threshold: similarityThreshold,
      recall_at_1: round(quality.recall_at_1, 4),
      recall_at_5: round(quality.recall_at_5, 4),
      mrr_at_10: round(quality.mrr_at_10, 4),
      questions: quality.questions,
      chunks: chunks.length,
      node: process.version,
      date: new Date().toISOString(),
    }
    reporter.emit(line)
    lines.push(line)
  }
  reporter.progress(retrievalTable(lines))
  const problems = retrievalProblems(lines)
  if (problems.length > 0) throw new Error(`${NAME}: ${problems.join('; ')}`)
  return lines
}

/**
 * What the lines fall short of in issues 4 and 28: hybrid search at the default threshold must reach
 * recall@5 0.90 and not fall below BM25 alone on recall@5. Empty when both hold.
 */
export function retrievalProblems(lines: readonly RetrievalLine[]): string[] {
  const bm25 = lines.find((line) => line.method === 'bm25')
  const hybrid = lines.find((line) => line.method === 'hybrid' && line.case.includes('default threshold'))
  if (!bm25 || !hybrid) return ['no bm25 line or no hybrid line at the default threshold']
  const problems: string[] = []
  if (hybrid.recall_at_5 < MIN_HYBRID_RECALL_AT_5) {
    problems.push(`hybrid recall@5 ${hybrid.recall_at_5} is under ${MIN_HYBRID_RECALL_AT_5}`)
  }
  if (!(hybrid.recall_at_5 >= bm25.recall_at_5)) {
    problems.push(`hybrid recall@5 ${hybrid.recall_at_5} is below BM25's ${bm25.recall_at_5}`)
  }
  return problems
}

export const retrieval = lineBenchmark(NAME, measureRetrieval)
