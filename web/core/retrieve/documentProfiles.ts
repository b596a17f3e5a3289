import type { DocumentOpening } from '../store/DocumentOpening'
import { OPENING_STEP, openingEnds, openingFrom } from '../store/DocumentOpening'
import type { DocumentRecord } from '../store/DocumentRecord'
import type { Store } from '../store/Store'
import { type DocumentProfile, documentProfile } from './documentEvidence'

interface Cached {
  /** What the profile was made from; another key means the document changed. */
  key: string
  profile: DocumentProfile
  /** Whether its chunks carry pages (its opening's do): a PDF's or slides' do, a text's or Word file's never. */
  paged: boolean
}

/**
 * Profiles per store (one per person's data space, so per user on the server): made once per
 * document, kept while the store lives, remade when the document is processed again or renamed. A
 * WeakMap, so a store that is closed and dropped takes them along.
 */
const caches = new WeakMap<object, Map<string, Cached>>()
/** Per store, the list last handed out: the same list while nothing changed (its scoring index is kept). */
const lastLists = new WeakMap<object, DocumentProfile[]>()
/**
 * Per store, the last call's work: each call begins when the one before it has ended, so a search that
 * comes while profiles are being made (`searchWarmUpShapes` at a start) finds them made, rather
 * than reading the same openings again beside it.
 */
const queues = new WeakMap<object, Promise<unknown>>()

/**
 * The profiles (`documentEvidence.ts`) of these completed documents: each one's file name and title
 * (from the record as it is now, so a rename counts at once) and opening, the first time it is
 * searched. The openings of all the documents not profiled yet are read in one store call
 * (`ChunkStore.documentOpenings`: kept with their chunks); a document stored before openings were has
 * none, and its opening is read from its first chunks, then kept (`keepOpenings`) so that the next
 * start reads no chunk for it. Profiles of documents no longer asked about stay cached until the
 * store goes; they are small (a few hundred terms).
 */
export function documentProfiles(
  store: Pick<Store, 'chunks'>,
  documents: Iterable<DocumentRecord>,
): Promise<readonly DocumentProfile[]> {
  const asked = [...documents]
  const made = (queues.get(store) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => profilesNow(store, asked))
  queues.set(store, made)
  return made
}

async function profilesNow(
  store: Pick<Store, 'chunks'>,
  documents: readonly DocumentRecord[],
): Promise<readonly DocumentProfile[]> {
  let cache = caches.get(store)
  if (!cache) caches.set(store, (cache = new Map()))
  const wanted = documents.map((document) => ({
    document,
    key: `${document.processed_at ?? ''}|${document.chunk_count}|${document.original_filename}`,
  }))
  const missing = wanted.filter(({ document, key }) => cache.get(document.id)?.key !== key)
  if (missing.length > 0) {
    const openings = await store.chunks.documentOpenings(missing.map(({ document }) => document.id))
    const unstored = missing.filter(({ document }) => !openings.has(document.id))
    // Documents processed before openings were stored: read from their chunks as before (200 documents'
    // openings took 0.7 s of the browser's 3 s cold start), several at a time, each still in order.
    const read = new Map<string, DocumentOpening>()
    await inParallel(unstored, PROFILE_READS_AT_ONCE, async ({ document }) => {
      read.set(document.id, await openingFromChunks(store, document.id))
    })
    for (const { document, key } of missing) {
      const opening = openings.get(document.id) ?? read.get(document.id)!
      const title = typeof document.metadata.title === 'string' ? document.metadata.title : null
      cache.set(document.id, {
        key,
        paged: opening.paged,
        profile: documentProfile({
          documentId: document.id,
          filename: document.original_filename,
          title,
          opening: opening.text,
          openingTerms: opening.terms,
        }),
      })
    }
    // Kept only to spare the next start these reads: a failure (a full disk) costs that, nothing more.
    if (read.size > 0) await store.chunks.keepOpenings(read).catch(() => undefined)
  }
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

/**
 * The opening of a document stored without one, from its first chunks: read a few at a time (each
 * read a larger one), never the whole document unless its opening is the whole document (reading all
 * their chunks was 138k records at 200 documents). `documentOpening` gives the same from all chunks.
 */
async function openingFromChunks(store: Pick<Store, 'chunks'>, documentId: string): Promise<DocumentOpening> {
  for (let limit = OPENING_STEP; ; limit *= 8) {
    const chunks = await store.chunks.listChunks({ documentId, limit })
    if (chunks.length < limit || openingEnds(chunks)) return openingFrom(chunks)
  }
}
