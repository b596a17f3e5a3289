import { ParseError } from './ParseError'
import { groupedDigits } from './groupedDigits'

/**
 * How far one document may expand, whatever its file size: a few megabytes of zipped XML or of
 * repetitive text can unfold into more text and more passages than one person's index should hold,
 * and every passage costs an embedding, a row, index entries and a share of the sync blob.
 */
export interface IngestLimits {
  /** Characters of extracted text (every block's text, summed), at most. */
  maxChars: number
  /** Chunks (the passages that are embedded and indexed), at most. */
  maxChunks: number
}

/**
 * The same on both hosts (the server reads MAX_DOCUMENT_CHARS and MAX_DOCUMENT_CHUNKS; the browser
 * uses these). Sized for a 1,000-page book with room to spare:
 *
 * - Characters: a book page holds about 400-500 words, some 2,500-3,000 characters with spaces, so
 *   1,000 pages are about 3 million (War and Peace, 1,200+ pages, is 3.2 million); dense pages of
 *   law or two-column science reach 5,000-6,000. 10 million is three times the typical book and
 *   well over the densest, and stays small in memory (10 MB of text as Latin-1, twice as UTF-16).
 * - Chunks: chunks held about 256 tokens when this was sized, some 1,000 characters of prose (the
 *   document-stall bench's 10 MB of prose made 12,000); at today's 200 (chunkDocument) that is about
 *   15,000 for 10 million characters of prose; page and
 *   section boundaries close chunks early, which matters for slides and short pages. 20,000 leaves
 *   room for that (20 per page of a 1,000-page book) while an index of them stays cheap: 20,000
 *   hash-v1 vectors are 30 MB and a one-process SQLite transaction's worth of rows.
 */
export const DEFAULT_INGEST_LIMITS: Readonly<IngestLimits> = { maxChars: 10_000_000, maxChunks: 20_000 }

/** The ParseError of a document whose text passed `maxChars` (shown as its `metadata.error`). */
export function tooManyCharacters(maxChars: number): ParseError {
  return new ParseError(
    'too_large',
    `The document expands to more than ${groupedDigits(maxChars)} characters of text; the limit is ` +
      `${groupedDigits(maxChars)} characters per document. Split it into smaller files.`,
  )
}

/** The ParseError of a document cut into more than `maxChunks` passages. */
export function tooManyChunks(maxChunks: number): ParseError {
  return new ParseError(
    'too_large',
    `The document expands to more than ${groupedDigits(maxChunks)} passages (chunks); the limit is ` +
      `${groupedDigits(maxChunks)} passages per document. Split it into smaller files.`,
  )
}
