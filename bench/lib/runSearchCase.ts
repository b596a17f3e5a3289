import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import { defaultSimilarityThreshold } from '../../web/core/retrieve/defaultSimilarityThreshold'
import { vectorKernelModule } from '../../web/core/retrieve/index/dotKernelWasm'
import { exactVectorsOf } from '../../web/core/retrieve/index/ExactVectors'
import { SearchIndex, candidateDepth } from '../../web/core/retrieve/index/SearchIndex'
import { WASM_FROM_ROWS } from '../../web/core/retrieve/index/VectorMatrix'
import type { ArticleSentences } from './ArticleSentences'
import { hashHybridSearch } from './hashHybridSearch'
import { syntheticChunks } from './syntheticChunks'

/** One search case, as plain data: it travels to a browser worker as a message. */
export interface SearchCaseInput {
  articles: ArticleSentences[]
  questions: string[]
  /** Chunks in the index. */
  chunks: number
  seed: number
  /** Searches timed, questions in order (round again if more than there are questions). */
  queries: number
  /** Searches run first and not timed (JIT warm-up), the last questions of the list. */
  warmup: number
}

export interface SearchCaseResult {
  chunks: number
  dimensions: number
  embedder: string
  limit: number
  candidate_depth: number
  similarity_threshold: number
  /** ms per `SearchIndex.search`, in the order run. */
  samples: number[]
  /** Timed searches that found nothing (a question whose words the sampled text lacks). */
  empty_results: number
  /** Embedding the chunk texts (not part of the index build). */
  embed_ms: number
  /** `SearchIndex.fromChunks` over the embedded chunks. */
  build_ms: number
  /**
   * What scored the vectors: 'wasm' (the SIMD kernel) or 'js'. Inferred (SearchIndex does not say):
   * the kernel runs on this host and the index is past the size from which VectorMatrix uses it.
   */
  vector_kernel: 'wasm' | 'js'
}

export const SEARCH_LIMIT = 5

/**
 * Builds a SearchIndex of `chunks` synthetic chunks (xquad-en prose, see `syntheticChunks`) with
 * hash-v1 vectors (384 dimensions), then times hybrid searches of the xquad-en questions as the
 * search endpoint runs them: `limit` 5, its candidate depth, the embedder's default similarity
 * threshold, every collection. The query vectors are made beforehand: a search's time here is the
 * index's (BM25, cosine scan, fusion), not the embedder's. Environment-free, so a browser worker
 * runs exactly this code. Throws when a search did not run as hybrid (it would have timed another
 * path) or when most found nothing (a broken index answers fast).
 */
export async function runSearchCase(
  input: SearchCaseInput,
  progress: (message: string) => void,
): Promise<SearchCaseResult> {
  const { questions, chunks: count, queries, warmup } = input
  if (questions.length === 0 || queries < 1) throw new Error('a search case needs questions to time')
  const chunks = syntheticChunks(input.articles, { count, seed: input.seed })
  progress(`${count} chunks: embedding`)
  let started = performance.now()
  const vectors = await hashEmbedder.embed(chunks.map((chunk) => chunk.text))
  const embedMs = performance.now() - started
  chunks.forEach((chunk, i) => {
    chunk.vector = vectors[i]!
    chunk.embedder = hashEmbedder.id
  })
  progress(`${count} chunks: indexing`)
  started = performance.now()
  const index = SearchIndex.fromChunks(chunks)
  const buildMs = performance.now() - started
  if (index.size !== count || index.vectorCount(hashEmbedder.id) !== count) {
    throw new Error(
      `index holds ${index.size} chunks, ${index.vectorCount(hashEmbedder.id)} vectors; expected ${count}`,
    )
  }
  // The vectors a search rescores its candidates with: the store's on a host, held in memory here.
  const exactVectors = exactVectorsOf(chunks)
  chunks.length = 0 // the index keeps what it needs; let the rest go before timing

  const queryVectors = await hashEmbedder.embed(questions)
  const similarityThreshold = defaultSimilarityThreshold(hashEmbedder.id)
  const search = async (i: number): Promise<number> => {
    const response = await hashHybridSearch(index, {
      query: questions[i]!,
      queryVector: queryVectors[i]!,
      exactVectors,
      limit: SEARCH_LIMIT,
      similarityThreshold,
    })
    return response.results.length
  }
  progress(`${count} chunks: ${warmup} warm-up searches, then ${queries} timed`)
  for (let i = 0; i < warmup; i++) await search(questions.length - 1 - (i % questions.length))
  const samples: number[] = []
  let empty = 0
  for (let i = 0; i < queries; i++) {
    const question = i % questions.length
    const start = performance.now()
    const found = await search(question)
    samples.push(performance.now() - start)
    if (found === 0) empty++
  }
  if (empty > queries / 2) throw new Error(`${empty} of ${queries} searches found nothing`)
  return {
    chunks: count,
    dimensions: hashEmbedder.dimensions,
    embedder: hashEmbedder.id,
    limit: SEARCH_LIMIT,
    candidate_depth: candidateDepth(SEARCH_LIMIT),
    similarity_threshold: similarityThreshold,
    samples,
    empty_results: empty,
    embed_ms: embedMs,
    build_ms: buildMs,
    vector_kernel: vectorKernelModule() !== null && count >= WASM_FROM_ROWS ? 'wasm' : 'js',
  }
}
