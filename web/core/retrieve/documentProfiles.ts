import type { ChunkRecord } from '../store/ChunkRecord'
import type { DocumentRecord } from '../store/DocumentRecord'
import type { Store } from '../store/Store'
import { type DocumentProfile, documentProfile } from './documentEvidence'

/**
 * How much of a document's opening is read for its profile: about a page of prose, or a cover
 * page with its boilerplate. More reads the body (whose words are the passages' job, not the
 * document's name); less can stop before a paper's author list or a report's period.
 */
export const OPENING_CHARS = 4000

interface Cached {
  /** What the profile was made from; another key means the document changed. */
  key: string
  profile: DocumentProfile
  /** Whether its chunks carry pages (its opening's do): a PDF's or slides' do, a text's or Word file's never. */
  paged: boolean
}

/**
 * Profiles per store (one per person's data space, so per user on the server): made once per
 * document from its stored chunks, kept while the store lives, remade when the document is
 * processed again or renamed. A WeakMap, so a store that is closed and dropped takes them along.
 */
const caches = new WeakMap<object, Map<string, Cached>>()
/** Per store, the list last handed out: the same list while nothing changed (its scoring index is kept). */
const lastLists = new WeakMap<object, DocumentProfile[]>()

/**
 * The profiles (`documentEvidence.ts`) of these completed documents: each one's file name, title
 * and opening, read from its stored chunks the first time it is searched (a document processed
 * before profiles existed needs nothing re-indexed). Profiles of documents no longer asked about
 * stay cached until the store goes; they are small (a few hundred terms).
 */
export async function documentProfiles(
  store: Pick<Store, 'chunks'>,
  documents: Iterable<DocumentRecord>,
): Promise<readonly DocumentProfile[]> {
  let cache = caches.get(store)
  if (!cache) caches.set(store, (cache = new Map()))
  const wanted = [...documents].map((document) => ({
    document,
    key: `${document.processed_at ?? ''}|${document.chunk_count}|${document.original_filename}`,
  }))
  const missing = wanted.filter(({ document, key }) => cache.get(document.id)?.key !== key)
  // A cold start's first search profiles every document: read one after another, 200 documents' openings
  // took 0.7 s of the browser's 3 s (one IndexedDB round trip each). Several at a time, each still in order.
  await inParallel(missing, PROFILE_READS_AT_ONCE, async ({ document, key }) => {
    const chunks = await openingChunks(store, document.id)
    const title = typeof document.metadata.title === 'string' ? document.metadata.title : null
    cache.set(document.id, {
      key,
      paged: chunks.some((chunk) => chunk.page !== null),
      profile: documentProfile({
        documentId: document.id,
        filename: document.original_filename,
        title,
        opening: openingText(chunks),
      }),
    })
  })
  const profiles = wanted.map(({ document }) => cache.get(document.id)!.profile)
  const last = lastLists.get(store)
  if (last?.length === profiles.length && last.every((profile, i) => profile === profiles[i])) return last
  lastLists.set(store, profiles)
  return profiles
}

/**
 * Whether any of these documents has chunks with pages, as far as their profiles (`documentProfiles`,
 * made first) read: a document whose opening chunks have no page is of a format without pages
 * (ingestion gives every chunk of a PDF or slides its page, and no chunk of other formats one). A
 * document not profiled yet counts as paged.
 */
export function anyPaged(store: Pick<Store, 'chunks'>, documentIds: Iterable<string>): boolean {
  const cache = caches.get(store)
  for (const id of documentIds) if (cache?.get(id)?.paged ?? true) return true
  return false
}

/** Documents whose openings are read at the same time (a store's reads overlap; the order is kept). */
const PROFILE_READS_AT_ONCE = 16

/** Runs `work` on every item, at most `width` at a time; rejects with the first failure. */
async function inParallel<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane))
}

/** Chunks read first for an opening: a page of prose is three or four passages of 200-300 tokens. */
const OPENING_STEP = 8

/**
 * The document's first chunks, enough for `openingText`: read a few at a time (each read a larger one),
 * never the whole document unless its opening is the whole document. A cold start's first search
 * profiles every document searched: reading all their chunks was 138k records at 200 documents.
 */
async function openingChunks(store: Pick<Store, 'chunks'>, documentId: string): Promise<ChunkRecord[]> {
  for (let limit = OPENING_STEP; ; limit *= 8) {
    const chunks = await store.chunks.listChunks({ documentId, limit })
    if (chunks.length < limit || openingEnds(chunks)) return chunks
  }
}

/** Whether these first chunks (in order) hold the whole opening: its page ended or its length reached. */
function openingEnds(chunks: readonly Pick<ChunkRecord, 'index' | 'page' | 'text'>[]): boolean {
  const firstPage = chunks[0]?.page ?? null
  if (firstPage !== null && chunks.some((chunk) => chunk.page !== firstPage)) return true
  return chunks.reduce((length, chunk) => length + chunk.text.length + 1, 0) > OPENING_CHARS
}

/**
 * The text of a document's first page (its chunks in order), or of its first chunks where it has
 * no pages, up to `OPENING_CHARS`.
 */
export function openingText(chunks: readonly Pick<ChunkRecord, 'index' | 'page' | 'text'>[]): string {
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
