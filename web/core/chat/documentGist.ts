import { summaryQuestion } from '../generate/extractive/summaryQuestion'
import { looseWords } from '../generate/extractive/looseWords'
import type { QuestionUnderstanding } from '../retrieve/understandQuestion'
import type { ChunkStore } from '../store/ChunkStore'
import type { SourceDocument } from './SourceDocument'

/** The document's opening passages read for its gist: its title, lede, abstract or introduction. */
const OPENING_PASSAGES = 4

/**
 * For a question that asks what a document is about (`summaryQuestion`), the opening passages of that
 * document, in document order, to put before search's: a document's own gist (abstract, lede,
 * introduction, a deck's title slide) is in its opening, which rarely shares words with "what is the
 * blog post about". The document is the one among search's passages whose file name and opening
 * (`documentWords`) hold most of the question's words (by their letters); search's best on a tie. Empty for any other
 * question.
 */
export async function documentGist(
  store: Pick<ChunkStore, 'listChunks'>,
  pool: readonly SourceDocument[],
  understanding: QuestionUnderstanding,
  documentWords: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<SourceDocument[]> {
  if (!summaryQuestion(understanding.ask) || pool.length === 0) return []
  const asked = looseWords(understanding.ask)
  let best: SourceDocument | null = null
  let bestHeld = -1
  for (const source of pool) {
    const words = new Set([
      ...looseWords(source.filename.replace(/[_.-]+/gu, ' ')),
      ...(documentWords.get(source.document_id) ?? []),
    ])
    // Written together or apart ("medical news today", "medicalnewstoday.html"); a longer word held
    // names the document more surely than a short common one.
    const held = [...asked].filter((term) => words.has(term)).reduce((sum, term) => sum + term.length, 0)
    if (held > bestHeld) {
      best = source
      bestHeld = held
    }
  }
  if (!best) return []
  const document = best
  const chunks = await store
    .listChunks({ documentId: document.document_id, limit: OPENING_PASSAGES })
    .catch(() => [])
  return chunks.map((chunk, i) => ({
    number: pool.length + i + 1,
    document_id: document.document_id,
    chunk_id: chunk.id,
    content: chunk.text,
    score: 0,
    filename: document.filename,
    page: chunk.page,
    heading: chunk.heading,
    ...(chunk.ocr ? { ocr: chunk.ocr } : {}),
  }))
}
