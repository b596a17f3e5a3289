import type { ChunkRecord } from './ChunkRecord'

/**
 * How much of a document's opening its profile reads (`retrieve/documentProfiles`): about a page of
 * prose, or a cover page with its boilerplate. More reads the body (whose words are the passages'
 * job, not the document's name); less can stop before a paper's author list or a report's period.
 */
export const OPENING_CHARS = 4000

/**
 * What a document's profile needs of its chunks, kept by the store beside them (`ChunkStore.
 * replaceChunks` writes it, `documentOpenings` reads every document's in one call): a cold start's
 * first search read 200 documents' opening chunks for it, 0.7 s of the browser's 3 s.
 */
export interface DocumentOpening {
  /** The text of the first page, or of the first chunks where there are no pages (`openingText`). */
  text: string
  /** Whether its chunks carry pages (the opening's do): a PDF's or slides' do, a text's or Word file's never. */
  paged: boolean
  /**
   * The text's search terms, counted (`retrieve/openingTerms`), where the store keeps them: the
   * browser's does, since tokenizing 200 openings again took 0.26-0.33 s of its cold start; the
   * server's keeps the text only (Node makes them in about 60 ms). Never made here: the store adds them.
   */
  terms?: OpeningTerms
}

/** An opening's terms as a store keeps them: two values, which IndexedDB reads faster than 200 terms each. */
export interface OpeningTerms {
  /** The `TOKENIZER_VERSION` that made them: terms of another are made again from the text. */
  tokenizer: number
  /** The distinct terms in the order they first occur, a space between each. */
  words: string
  /** How often each occurs, in the same order. */
  counts: Uint16Array
}

type OpeningChunk = Pick<ChunkRecord, 'index' | 'page' | 'text'>

/** Chunks read first for an opening: a page of prose is three or four passages of 200-300 tokens. */
export const OPENING_STEP = 8

/**
 * The opening of a document with these chunks (all of them, in any order): what reading its first
 * `OPENING_STEP` chunks, then eight times as many while the opening goes on, gives (`openingFrom`).
 */
export function documentOpening(chunks: readonly OpeningChunk[]): DocumentOpening {
  // Stores hand over a document's chunks in order; a big one's 100k are not sorted again for nothing.
  const inOrder = chunks.every((chunk, i) => i === 0 || chunks[i - 1]!.index <= chunk.index)
  const ordered = inOrder ? chunks : [...chunks].sort((a, b) => a.index - b.index)
  for (let limit = OPENING_STEP; ; limit *= 8) {
    const read = ordered.slice(0, limit)
    if (read.length < limit || openingEnds(read)) return openingFrom(read)
  }
}

/** The opening given by a document's first chunks as read (`openingEnds` said they are enough). */
export function openingFrom(read: readonly OpeningChunk[]): DocumentOpening {
  return { text: openingText(read), paged: read.some((chunk) => chunk.page !== null) }
}

/** Whether these first chunks (in order) hold the whole opening: its page ended or its length reached. */
export function openingEnds(chunks: readonly OpeningChunk[]): boolean {
  const firstPage = chunks[0]?.page ?? null
  if (firstPage !== null && chunks.some((chunk) => chunk.page !== firstPage)) return true
  return chunks.reduce((length, chunk) => length + chunk.text.length + 1, 0) > OPENING_CHARS
}

/**
 * The text of a document's first page (its chunks in order), or of its first chunks where it has
 * no pages, up to `OPENING_CHARS`.
 */
export function openingText(chunks: readonly OpeningChunk[]): string {
  const ordered = [...chunks].sort((a, b) => a.index - b.index)
  const firstPage = ordered[0]?.page ?? null
  let text = ''
  for (const chunk of ordered) {
    if (firstPage !== null && chunk.page !== firstPage) break
    text += (text === '' ? '' : '\n') + chunk.text
    if (text.length >= OPENING_CHARS) break
  }
  return text.slice(0, OPENING_CHARS)
}
