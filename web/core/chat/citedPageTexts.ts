import type { ChunkRecord } from '../store/ChunkRecord'
import type { ChunkStore } from '../store/ChunkStore'
import type { SourceDocument } from './SourceDocument'

/**
 * How much page text a model is given for all of an answer's passages together, in characters (about
 * 3,000 tokens). A filing's page holds 4,000 to 6,000 characters, so five whole pages would not fit the
 * 4,096-token context of the small in-browser models or Ollama's default; each passage gets an equal
 * share, centred on the passage, and never less than the passage itself.
 */
export const PAGE_TEXT_BUDGET = 12_000

/** Overlap between consecutive chunks is at most this long (chunkDocument caps it at a quarter chunk). */
const MAX_OVERLAP_CHARS = 1_200

/**
 * Each cited passage within the text of its page, by chunk id, for a model to read: a figure's row
 * label, its column's year, the sentence before the one that matched are often on the page but not in
 * the passage (a PDF table is read column by column, a chunk ends mid-table). The page text is the
 * page's chunks in order with their overlaps removed. Passages without a page (Markdown, Word) and
 * documents whose chunks cannot be read keep their own text; the caller falls back to it.
 */
export async function citedPageTexts(
  store: Pick<ChunkStore, 'listChunks'>,
  sources: readonly SourceDocument[],
  budget = PAGE_TEXT_BUDGET,
): Promise<Map<string, string>> {
  const texts = new Map<string, string>()
  const paged = sources.filter((source) => source.page !== null)
  if (paged.length === 0) return texts
  const share = Math.floor(budget / sources.length)
  const chunksOf = new Map<string, Promise<ChunkRecord[]>>()
  for (const source of paged) {
    let chunks = chunksOf.get(source.document_id)
    if (!chunks) {
      chunks = store.listChunks({ documentId: source.document_id }).catch(() => [])
      chunksOf.set(source.document_id, chunks)
    }
    const onPage = (await chunks)
      .filter((chunk) => chunk.page === source.page)
      .sort((a, b) => a.index - b.index)
    if (!onPage.some((chunk) => chunk.id === source.chunk_id)) continue
    const page = onPage.reduce((text, chunk) => joinOverlapping(text, chunk.text), '')
    texts.set(source.chunk_id, around(page, source.content, Math.max(share, source.content.length)))
  }
  return texts
}

/** `next` appended to `text`, without the start of `next` that repeats the end of `text`. */
export function joinOverlapping(text: string, next: string): string {
  if (text === '') return next
  const probe = next.slice(0, 40)
  const tail = text.slice(-MAX_OVERLAP_CHARS)
  let at = tail.lastIndexOf(probe)
  while (at !== -1) {
    const overlap = tail.slice(at)
    if (next.startsWith(overlap)) return text + next.slice(overlap.length)
    at = at === 0 ? -1 : tail.lastIndexOf(probe, at - 1)
  }
  return `${text}\n${next}`
}

/** At most `length` characters of `page`, centred on `passage`; the whole page when it fits. */
function around(page: string, passage: string, length: number): string {
  if (page.length <= length) return page
  const at = Math.max(0, page.indexOf(passage.slice(0, 80)))
  const start = Math.max(0, Math.min(at - Math.floor((length - passage.length) / 2), page.length - length))
  const end = start + length
  return `${start > 0 ? '…' : ''}${page.slice(start, end).trim()}${end < page.length ? '…' : ''}`
}
