import { BULLET } from '../ingest/chunk/bullet'
import type { ChunkRecord } from '../store/ChunkRecord'
import { DECK_FILE } from '../generate/extractive/deckFile'
import { bulletedRun, openingItems } from '../generate/extractive/inlineList'
import { listQuestion } from '../generate/extractive/listAnswer'
import { PAGE_NUMBER } from '../generate/extractive/listItems'
import type { PoolReading } from './PoolReading'
import type { SourceDocument } from './SourceDocument'
import { storedSource } from './storedSource'
import { passageLines } from '../generate/extractive/passageLines'
import { lastStepNumber, stepsFrom } from '../generate/extractive/stepNumber'
import { announcedOrdinalNoun, countedNouns } from '../generate/extractive/ordinalItems'

/**
 * A document's passages read to find the top of a page: a form's or a report's pages, not a book's. A
 * list cut later in a longer document is quoted as far as its page goes.
 */
const READ_PASSAGES = 300

/**
 * For a list question, `sources` with the passages that go on with a list a page break cut: where a
 * source ends in a list's items (bulleted lines, or items a PDF ran into one line after their bullets:
 * "criteria included: - The schedule of prices - Operational Plan") and its document's next page opens
 * with bulleted items, that page's first passage goes right after it (search's or read from the store),
 * the last source making room, and the sources are numbered again. The list's answer then holds all of
 * its items ("what criteria did they score the tenders on": eleven, three at the foot of one page and
 * eight at the top of the next). So too where a source's last numbered step is n and the document's next
 * passage opens with step n + 1: a passage's end cut the steps; and where a source counts things ("three
 * rules") and the next passage opens the first of them in an ordinal sentence ("The first rule is…").
 * Any other question's sources come back as they are.
 */
export async function listContinued(
  { store, pool, understanding }: PoolReading,
  sources: readonly SourceDocument[],
): Promise<SourceDocument[]> {
  if (!listQuestion(understanding.ask)) return [...sources]
  const result = [...sources]
  // Each document's passages, read once however many of its sources end in a list: its first pages
  // (a page's top is looked for there), or all of them (a passage's next one, wherever it stands).
  const read = new Map<string, Promise<Array<Omit<ChunkRecord, 'vector'>>>>()
  const passagesOf = (documentId: string, whole: boolean) => {
    const key = `${whole ? 'all' : 'first'} ${documentId}`
    let passages = read.get(key)
    if (!passages) {
      passages = store
        .listChunks(whole ? { documentId } : { documentId, limit: READ_PASSAGES })
        .catch(() => [])
      read.set(key, passages)
    }
    return passages
  }
  for (const source of sources) {
    // A deck's slides are pages of their own: the next one's bullets are its own.
    if (DECK_FILE.test(source.filename)) continue
    const paged = source.page !== null && endsInList(source.content)
    const numbered = lastStepNumber(source.content)
    const counts = countedNouns(source.content).length > 0
    if (!paged && numbered === null && !counts) continue
    const passages = await passagesOf(source.document_id, !paged)
    // The top of the next page, whose bullets go on with the list; else the passage after this one, which
    // goes on with its numbered steps ("1. Create a new, blank profile." then "2. Point to the baseline"),
    // or opens the ordinal sentences of the things this one counts ("The compiler uses three rules…" then
    // "The first rule is that…").
    const at = passages.findIndex((chunk) => chunk.id === source.chunk_id)
    const after = at === -1 ? undefined : passages[at + 1]
    const goesOn = (text: string) =>
      numbered !== null
        ? stepsFrom(text, numbered + 1).length > 0
        : announcedOrdinalNoun(source.content, text) !== null
    const first = paged
      ? passages.find((chunk) => chunk.page === source.page! + 1)
      : after && goesOn(after.text)
        ? after
        : undefined
    if (!first) continue
    // Search's passage if it found it, else the store's.
    const next = pool.find(({ chunk_id }) => chunk_id === first.id) ?? storedSource(first, source, 0)
    if (paged && openingItems(next.content).length === 0) continue
    if (result.some((taken) => taken.chunk_id === next.chunk_id)) continue
    result.splice(result.indexOf(source) + 1, 0, next)
    result.pop()
  }
  return result.map((source, i) => ({ ...source, number: i + 1 }))
}

function contentLines(text: string): string[] {
  return passageLines(text).filter((line) => !PAGE_NUMBER.test(line))
}

/** Whether a passage's last line (its page number aside) is a list's item or a run of bulleted items. */
function endsInList(text: string): boolean {
  const last = contentLines(text).at(-1) ?? ''
  return BULLET.test(last) || bulletedRun(last) !== null
}
