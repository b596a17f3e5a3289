import type { QuestionUnderstanding } from '../retrieve/understandQuestion'
import type { ChunkStore } from '../store/ChunkStore'
import type { SourceDocument } from './SourceDocument'

/**
 * What search found for a question, as the readers that add passages to it take it (`tableEvidence`,
 * `documentGist`): the store to read whole documents from, search's passages, the question as search
 * read it, and each document's own words (file name, title, opening, abbreviations).
 */
export interface PoolReading {
  store: Pick<ChunkStore, 'listChunks'>
  pool: readonly SourceDocument[]
  understanding: QuestionUnderstanding
  documentWords: ReadonlyMap<string, ReadonlySet<string>>
}
