import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { seededRandom } from '../../web/core/testing/seededRandom'
import type { ArticleSentences } from './ArticleSentences'

export interface SyntheticChunkOptions {
  /** Chunks to make. */
  count: number
  seed: number
  /** Chunks per document (the last document may have fewer). Default 20. */
  chunksPerDocument?: number
  /** Collections, documents assigned round-robin. Default 4. */
  collections?: number
  /** Number of the first document (`doc-<n>`): batches of one large set get distinct ids. Default 0. */
  firstDocument?: number
}

const MIN_SENTENCES = 4
const MAX_SENTENCES = 9

/**
 * `count` chunks of real prose for a search index of any size: each document takes one article
 * (drawn at random), and each of its chunks is a run of 4 to 9 consecutive sentences of it starting
 * at a random sentence, under the article's title as heading (about 160 words, 200-odd tokens: the
 * chunker's default size). No vectors: the caller embeds the texts.
 *
 * How it differs from a real corpus: 24 articles (about 600 sentences) make 100k chunks, so every
 * sentence recurs in hundreds of chunks. Rankings are then full of near-ties, and each query term
 * matches far more chunks than in a corpus of 100k distinct passages, which makes BM25 slower here
 * than it would be on real data: a pessimistic case for keyword search, a neutral one for vectors
 * (every row is scored either way).
 */
export function syntheticChunks(
  articles: readonly ArticleSentences[],
  { count, seed, chunksPerDocument = 20, collections = 4, firstDocument = 0 }: SyntheticChunkOptions,
): ChunkRecord[] {
  if (articles.length === 0 || articles.some((article) => article.sentences.length === 0)) {
    throw new Error('synthetic chunks need articles with sentences')
  }
  const next = seededRandom(seed)
  const pick = (n: number) => Math.floor(next() * n)
  const chunks: ChunkRecord[] = []
  for (let document = firstDocument; chunks.length < count; document++) {
    const article = articles[pick(articles.length)]!
    const documentId = `doc-${document}`
    for (let index = 0; index < chunksPerDocument && chunks.length < count; index++) {
      const length = MIN_SENTENCES + pick(MAX_SENTENCES - MIN_SENTENCES + 1)
      const start = pick(Math.max(1, article.sentences.length - length + 1))
      const text = article.sentences.slice(start, start + length).join(' ')
      chunks.push({
        id: `${documentId}#${index}`,
        document_id: documentId,
        collection_id: `collection-${document % collections}`,
        index,
        text,
        page: null,
        heading: article.title,
        token_count: Math.round(text.split(/\s+/u).length * 1.3),
        embedder: null,
        vector: null,
      })
    }
  }
  return chunks
}
