import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashEmbedder } from '../../ingest/embed/hashEmbedder'
import type { ChunkRecord } from '../../store/ChunkRecord'
import { corpusDir } from '../../testing/corpusDir'
import { xquadQuestions } from '../../testing/node/xquadQuestions'
import { defaultSimilarityThreshold } from '../defaultSimilarityThreshold'
import { exactVectorsOf } from './ExactVectors'
import { PlainF32Scan } from './PlainF32Scan'
import { type SearchMode, SearchIndex } from './SearchIndex'
import { xquadArticleParagraphs } from '../../testing/node/xquadArticleParagraphs'

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))
const xquad = `${corpusDir(process.env, repoRoot)}/qa/xquad-en`

interface Quality {
  recallAt1: number
  recallAt5: number
  mrrAt10: number
  methods: Set<string>
}

/** Each article split at blank lines into paragraph chunks, under the article's `#` title as heading. */
function articleChunks(): ChunkRecord[] {
  return xquadArticleParagraphs(xquad).map(({ file, index, heading, text }) => ({
    id: `${file}#${index}`,
    document_id: file,
    collection_id: 'xquad-en',
    index,
    text,
    page: null,
    heading,
    token_count: 0,
    embedder: null,
    vector: null,
  }))
}

/**
 * Retrieval quality on the xquad-en questions (632 questions over 24 Wikipedia articles, 120 paragraph
 * chunks), with the hash-v1 embedder. A hit is a retrieved chunk that contains one of the answers.
 * `bench/retrieval.ts` measures the same over the chunks real ingestion makes. Measured (relative score
 * fusion, docs/decisions/0003-relative-score-fusion.md; no document profiles here):
 *   bm25                              R@1 0.962  R@5 0.997  MRR@10 0.978
 *   vector                            R@1 0.786  R@5 0.945  MRR@10 0.855
 *   hybrid, hash-v1's weight (0)      the same as bm25, question by question
 *   hybrid, weight 0.1, threshold 0   R@1 0.964  R@5 0.998  MRR@10 0.979
 *   hybrid, weight 0.1, default 0.15  R@1 0.964  R@5 0.998  MRR@10 0.979
 * Before the score-aware fusion (plain RRF, equal weights) hybrid was R@1 0.913, R@5 0.991 at
 * threshold 0: with k = 60 and a 50-deep list holding much of a 120-chunk corpus, plain RRF is
 * nearly a count of the lists that found a chunk, so BM25's clear winners lost to chunks both lists
 * ranked modestly. Before unknown query terms were matched fuzzily, BM25 was R@1 0.957, R@5 0.995.
 * These questions reuse the article's words, so BM25 is hard to beat, and hash-v1 knows words, not
 * meaning: given a vote, the vectors rescue what BM25 ranks low (recall@5) without reordering its
 * top; hash-v1's own weight is 0 (`embedderCalibration`: on long filings its vote cost more than that).
 * Floors sit about 0.03 under the measured values (0.05 for vectors alone).
 */
describe('SearchIndex on xquad-en', () => {
  const quality = new Map<string, Quality>()
  /** Questions whose vector results differ from a plain f32 scan's, ids or scores. */
  const vectorMismatches: string[] = []

  beforeAll(async () => {
    const chunks = articleChunks()
    // As ingestion does: the heading travels with the text into the vector.
    const vectors = await hashEmbedder.embed(chunks.map((chunk) => `${chunk.heading}\n${chunk.text}`))
    chunks.forEach((chunk, i) => {
      chunk.vector = vectors[i]!
      chunk.embedder = hashEmbedder.id
    })
    const index = SearchIndex.fromChunks(chunks)
    const exactVectors = exactVectorsOf(chunks)
    const f32 = new PlainF32Scan(
      hashEmbedder.dimensions,
      chunks.map(({ id, vector }) => ({ id, vector: vector! })),
    )
    const texts = new Map(chunks.map((chunk) => [chunk.id, chunk.text]))
    const questions = xquadQuestions(xquad)
    const queryVectors = await hashEmbedder.embed(questions.map((question) => question.question))

    const threshold = defaultSimilarityThreshold(hashEmbedder.id)
    // [name, mode, threshold, vector weight (absent: hash-v1's calibrated one)]
    const runs: Array<[string, SearchMode, number, number?]> = [
      ['bm25', 'bm25', 0],
      ['vector', 'vector', 0],
      ['hybrid default', 'hybrid', threshold],
      ['hybrid 0.1', 'hybrid', 0, 0.1],
      ['hybrid 0.1 default', 'hybrid', threshold, 0.1],
    ]
    for (const [name, mode, similarityThreshold, vectorWeight] of runs) {
      const result: Quality = { recallAt1: 0, recallAt5: 0, mrrAt10: 0, methods: new Set() }
      for (const [i, { question, answers }] of questions.entries()) {
        const { results, method } = await index.search({
          query: question,
          queryVector: queryVectors[i]!,
          embedder: hashEmbedder.id,
          exactVectors,
          limit: 10,
          mode,
          similarityThreshold,
          vectorWeight,
        })
        result.methods.add(method)
        if (mode === 'vector') {
          const plain = f32.search(queryVectors[i]!, { limit: 10, minScore: similarityThreshold })
          if (
            JSON.stringify(results) !==
            JSON.stringify(plain.map(({ id, score }) => ({ id, score: Math.max(0, score) })))
          )
            vectorMismatches.push(question)
        }
        const rank = results.findIndex(({ id }) => answers.some((answer) => texts.get(id)!.includes(answer)))
        if (rank === 0) result.recallAt1++
        if (rank >= 0 && rank < 5) result.recallAt5++
        if (rank >= 0) result.mrrAt10 += 1 / (rank + 1)
      }
      result.recallAt1 /= questions.length
      result.recallAt5 /= questions.length
      result.mrrAt10 /= questions.length
      quality.set(name, result)
    }
    expect(chunks).toHaveLength(120)
    expect(questions).toHaveLength(632)
  })

  const get = (name: string) => quality.get(name)!

  it('BM25 finds an answering chunk in the top five for nearly every question', async () => {
    expect(get('bm25').methods).toEqual(new Set(['bm25']))
    expect(get('bm25').recallAt5).toBeGreaterThanOrEqual(0.96)
    expect(get('bm25').recallAt1).toBeGreaterThanOrEqual(0.93)
  })

  it('answers vector searches with the ids and scores of a plain f32 scan (compact rows, exact rescoring)', () => {
    expect(vectorMismatches).toEqual([])
  })

  it('hash-v1 vectors alone do well too', async () => {
    expect(get('vector').methods).toEqual(new Set(['vector']))
    expect(get('vector').recallAt5).toBeGreaterThanOrEqual(0.89)
    expect(get('vector').recallAt1).toBeGreaterThanOrEqual(0.73)
  })

  it('hybrid search at hash-v1’s weight (0) answers as BM25 does: a list weighted 0 changes nothing', () => {
    expect(get('hybrid default').methods).toEqual(new Set(['hybrid']))
    expect(get('hybrid default').recallAt1).toBe(get('bm25').recallAt1)
    expect(get('hybrid default').recallAt5).toBe(get('bm25').recallAt5)
    expect(get('hybrid default').mrrAt10).toBe(get('bm25').mrrAt10)
  })

  it('given a vote, the vectors find what BM25 ranked low and keep its first places', async () => {
    for (const name of ['hybrid 0.1', 'hybrid 0.1 default']) {
      expect(get(name).methods).toEqual(new Set(['hybrid']))
      expect(get(name).recallAt5).toBeGreaterThanOrEqual(0.96)
      expect(get(name).recallAt1).toBeGreaterThanOrEqual(0.93)
      // What fusion is for: nothing BM25 found in the top five is lost, some it missed are found.
      expect(get(name).recallAt5).toBeGreaterThan(get('bm25').recallAt5)
      // And the vectors' vote does not push BM25's clear winners down (a question or two at most).
      expect(get(name).recallAt1).toBeGreaterThanOrEqual(get('bm25').recallAt1 - 0.005)
      // Fusion beats vectors alone.
      expect(get(name).mrrAt10).toBeGreaterThan(get('vector').mrrAt10)
    }
  })
})
