import type { Chunk } from '../../ingest/chunk/Chunk'
import { cutAt } from './extractUpload'

/**
 * How much of a document `process-text-context` hands back for a model's context: BrainDrive's
 * budget (`ChunkConfig` of its document service), which its chat plugin was written against.
 */
export interface ContextBudget {
  maxTotalChars: number
  maxSegments: number
  maxCharsPerSegment: number
  overlapChars: number
}

export const CONTEXT_BUDGET: Readonly<ContextBudget> = {
  maxTotalChars: 60_000,
  maxSegments: 25,
  maxCharsPerSegment: 2_000,
  overlapChars: 200,
}

export interface ContextSegment {
  /** From 1, as BrainDrive numbers segments (the chat plugin prints "Segment 1"). */
  index: number
  text: string
  char_count: number
  page: number | null
  heading: string | null
  token_count: number
}

/**
 * The document's passages as context segments, within the budget: a passage longer than
 * `maxCharsPerSegment` (a block the chunker kept whole, such as one long unbroken line) is cut into
 * pieces that repeat `overlapChars`; segments stop before the one that would pass `maxSegments` or
 * `maxTotalChars`, and `truncated` then says that some of the document is left out.
 */
export function contextSegments(
  chunks: readonly Chunk[],
  countTokens: (text: string) => number,
  budget: Readonly<ContextBudget> = CONTEXT_BUDGET,
): { segments: ContextSegment[]; truncated: boolean } {
  const segments: ContextSegment[] = []
  let total = 0
  for (const chunk of chunks) {
    for (const text of pieces(chunk.text, budget.maxCharsPerSegment, budget.overlapChars)) {
      if (segments.length >= budget.maxSegments || total + text.length > budget.maxTotalChars) {
        return { segments, truncated: true }
      }
      total += text.length
      segments.push({
        index: segments.length + 1,
        text,
        char_count: text.length,
        page: chunk.page,
        heading: chunk.heading,
        token_count: text === chunk.text ? chunk.tokenCount : countTokens(text),
      })
    }
  }
  return { segments, truncated: false }
}

/** `text` in pieces of at most `size` characters, each repeating the last `overlap` of the one before. */
function pieces(text: string, size: number, overlap: number): string[] {
  if (text.length <= size) return [text]
  const result: string[] = []
  let start = 0
  for (;;) {
    const piece = cutAt(text.slice(start), size)
    result.push(piece)
    if (start + piece.length >= text.length) return result
    start += Math.max(1, piece.length - overlap)
  }
}
