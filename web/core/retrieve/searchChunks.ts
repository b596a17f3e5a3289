import type { ChunkRecord } from '../store/ChunkRecord'
import type { DocumentRecord } from '../store/DocumentRecord'
import type { Store } from '../store/Store'
import { type QuestionUnderstanding, understandQuestion } from './understandQuestion'
import { collectionTerms } from './collectionTerms'
import { defaultSimilarityThreshold } from './defaultSimilarityThreshold'
import { type DocumentProfile, labelWord } from './documentEvidence'
import { glossaryEntryFirst } from './glossaryEntryFirst'
import { withoutMeaningAsk } from './withoutMeaningAsk'
import { documentScope } from './documentScope'
import { anyPaged, documentProfiles } from './documentProfiles'
import type { SearchMode } from './index/SearchIndex'
import type { QueryEmbedders } from './QueryEmbedders'
import type { SearchIndexPort } from './snapshot/SearchIndexPort'
import { choosePassages } from './choosePassages'
import { sectionWords } from './namedSections'
import { tokenize } from './index/tokenize'
import { spelledOutQuestion } from './spelledOutQuestion'
import { printedOptionsFirst } from './printedOptionsFirst'
import { contractionsWrittenOut } from './contractionsWrittenOut'
import { contractionLike } from './contractedWord'
import { definingPassageFirst } from './definingPassageFirst'
import { pageSpreadDepth } from './spreadOverPages'
import { namedDocumentMissed } from './namedDocumentMissed'
import { namedDocumentUnchosen } from './namedDocumentUnchosen'

export interface SearchChunksPorts {
  /** Completed documents to search, and their chunks' text and vectors. */
  store: Pick<Store, 'documents' | 'chunks'>
  index: Pick<SearchIndexPort, 'search'>
  queryEmbedders: QueryEmbedders
  logError?: (error: unknown) => void
}

export interface SearchChunksRequest {
  /** Queries to run, the best stand-alone one first (see rewriteQuery); each is searched. */
  queries: readonly string[]
  /** Only these collections; absent: every collection. */
  collectionIds?: readonly string[]
  topK: number
  hybrid: boolean
  /** Minimum cosine for vector candidates; absent: the embedder's calibrated default. */
  similarityThreshold?: number
  /**
   * The question asks what a document's opening holds (its gist, its byline, its date): a document it
   * names beside another, none of whose passages search chose, is read from its opening
   * (`namedDocumentUnchosen`). A fact's question keeps the passages search chose.
   */
  readsOpening?: boolean
  signal?: AbortSignal
}

/** A hit with what a reader needs to cite it. The vector stays behind. */
export interface FoundChunk {
  chunk: Omit<ChunkRecord, 'vector'>
  document: Pick<DocumentRecord, 'id' | 'original_filename' | 'document_type'>
  score: number
}

export interface SearchChunksResult {
  chunks: FoundChunk[]
  /** What ran: `hybrid`, `vector`, or `bm25` when no usable vectors (or none asked for). */
  method: SearchMode
  /** The embedder whose vectors were searched, if any. */
  embedder: string | null
  /** Why vectors were not used, when they were not although asked for. */
  fallback_reason: string | null
  /**
   * The first query read once (`understandQuestion`) with the terms the searched documents define
   * (`definedTerms`): what search made of it, and what an answer is handed.
   */
  understanding: QuestionUnderstanding
  /**
   * The first query as searched in its place when it has an acronym or a contraction ("supt") that none
   * of the passages found for it prints, written out as they spell it (`spelledOutQuestion`,
   * `contractionsWrittenOut`); null when it was searched as given.
   */
  spelledOut: string | null
  /**
   * What each found chunk's document says about itself: the search terms of its profile (file name,
   * title, opening page), by document id. A question's name counts as mentioned where these hold it.
   */
  documentWords: Map<string, Set<string>>
}

/**
 * Searches the chunks of completed documents. The query is embedded with the embedder that made
 * most of the collections' vectors (a collection's vectors are comparable only with a query of
 * the same embedder); when that embedder cannot run here, or the collections have no vectors, BM25
 * answers alone and `method` says so. With several queries (a follow-up and its rewrite), each is
 * searched and a chunk keeps its best score. A passage's page counts in its score (two candidates
 * of one page are evidence for the page), and the `topK` chunks come from as many pages as the
 * candidates allow, best first (`choosePassages`); passages under a part of a document the question
 * names ("using the cash flow statement") ahead of their look-alikes. The first query is read once
 * (`understandQuestion`, with the terms the documents define): an acronym in it that none of the
 * candidates prints is searched written out in its place (`spelledOutQuestion`, `spelledOut`).
 */
export async function searchChunks(
  ports: SearchChunksPorts,
  request: SearchChunksRequest,
): Promise<SearchChunksResult> {
  const { store } = ports
  const documents = await completedDocuments(store, request.collectionIds)
  const embedder = dominantEmbedder(documents)
  const definedTerms = collectionTerms(documents.values())
  // What each document says about itself, so that the one a question names outranks look-alikes.
  const profiles = await documentProfiles(store, documents.values())
  const understanding = understandQuestion(request.queries[0] ?? '', definedTerms)
  const named = sectionWords(understanding.sections)
  // A named part may rank any candidate first, so every candidate is read.
  const search = async (queries: readonly string[]) => {
    const ranked = await rankCandidates(ports, request, queries, embedder, profiles, documents.size > 0)
    const found = await readCandidates(store, ranked.candidates, documents, request.topK, named.length > 0)
    return { ...ranked, found }
  }
  let searched = await search(request.queries)
  // An acronym the passages read do not print: how the others spell it needs them all.
  const printed = (found: readonly Found[]) =>
    understanding.acronyms.every((acronym) =>
      found.some(({ record }) => tokenize(record.text).includes(acronym)),
    )
  if (searched.found.length < searched.candidates.length && !printed(searched.found)) {
    const found = await readCandidates(store, searched.candidates, documents, request.topK, true)
    searched = { ...searched, found }
  }
  const passages = searched.found.map(({ record }) => record.text)
  // Both rewritings read the passages' words: tokenized once, and only where one of them needs them.
  const sequences =
    understanding.acronyms.length > 0 || tokenize(request.queries[0] ?? '').some(contractionLike)
      ? passages.map((text) => tokenize(text))
      : []
  // An acronym none of the found passages prints is searched as they spell it ("CEO": "chief
  // executive officer"), the question written out in its typed form's place. For the keywords: a
  // search of vectors only (`hybrid: false`) has none to match, and with hash-v1 the written-out words
  // cost financebench-dev a page (vector hit@5 0.431 -> 0.414, bench/README.md `## quality`).
  const spelledOut = !request.hybrid
    ? null
    : spelledOutQuestion(
        request.queries[0] ?? '',
        passages,
        understanding,
        collectionTerms(new Set(searched.found.map(({ document }) => document))),
        sequences,
      )
  // "supt", "mtg": a contraction none of them prints is searched as the word they print ("superintendent").
  const writtenOut = !request.hybrid
    ? null
    : contractionsWrittenOut(spelledOut ?? request.queries[0] ?? '', passages, sequences)
  const rewritten = writtenOut ?? spelledOut
  if (rewritten !== null) searched = await search([rewritten, ...request.queries.slice(1)])
  const { method, fallback } = searched
  const found = printedOptionsFirst(
    glossaryEntryFirst(
      definingPassageFirst(
        searched.found,
        request.queries[0] ?? '',
        understanding,
        ({ record }) => record.text,
      ),
      request.queries[0] ?? '',
      ({ record }) => record.text,
    ),
    request.queries[0] ?? '',
    ({ record }) => record.text,
  )
  // A document's opening passages in the last places before `topK` of `list` (and, where `instead`, in
  // place of the rest): what a question naming it asks of it is there.
  const placeOpening = async (list: Found[], documentId: string, instead: boolean) => {
    const document = documents.get(documentId)!
    const opening = await store.chunks.listChunks({ documentId, limit: NAMED_OPENING })
    list.splice(
      Math.max(0, Math.min(list.length, request.topK - opening.length)),
      instead ? list.length : 0,
      ...opening.map((record) => ({ record, document, score: 0 })),
    )
  }
  // "summarize the capstone presentation": the one document the question names by its file name or title
  // alone, none of whose passages search found, is read from its opening.
  const missed = namedDocumentMissed(
    request.queries[0] ?? '',
    profiles,
    new Set(found.map(({ document }) => document.id)),
  )
  if (missed !== null) await placeOpening(found, missed, false)
  const chosen = choosePassages(found, request.topK, method, ({ record }) => record, named)
  // "summarize the capstone project": of the two documents it names, search chose the project guide's
  // passages; the capstone deck's opening takes the last places.
  const unchosen =
    request.readsOpening === true &&
    namedDocumentUnchosen(
      request.queries[0] ?? '',
      profiles,
      new Set(chosen.map(({ document }) => document.id)),
    )
  if (unchosen) await placeOpening(chosen, unchosen, true)
  const chunks: FoundChunk[] = []
  for (const { record, document, score } of chosen) {
    const { vector: _vector, ...chunk } = record
    chunks.push({
      chunk,
      document: {
        id: document.id,
        original_filename: document.original_filename,
        document_type: document.document_type,
      },
      score,
    })
  }
  return {
    chunks,
    method,
    embedder: method === 'bm25' ? null : embedder,
    fallback_reason: method === 'bm25' && request.queries.length > 0 ? fallback : null,
    understanding,
    spelledOut: rewritten,
    documentWords: new Map(
      profiles
        .filter(({ documentId }) => chunks.some(({ document }) => document.id === documentId))
        .map(({ documentId, label, opening }) => [
          documentId,
          new Set([...label.terms.keys(), ...opening.terms.keys()]),
        ]),
    ),
  }
}

/**
 * Each query searched (embedded with `embedder` where it can be), a chunk keeping its best score over
 * them: the candidates best first, the method the first query ran, and why vectors were not used.
 */
async function rankCandidates(
  ports: SearchChunksPorts,
  request: SearchChunksRequest,
  queries: readonly string[],
  embedder: string | null,
  profiles: readonly DocumentProfile[],
  anyDocument: boolean,
): Promise<{ candidates: Array<[string, number]>; method: SearchMode; fallback: string | null }> {
  let fallback: string | null = null
  const best = new Map<string, number>()
  let method: SearchMode = 'bm25'
  for (const [i, query] of queries.entries()) {
    // "what is CMI in the dmca summary": the document's name weighs documents; every passage of the
    // document holds it, so passages are searched for the rest ("what is CMI").
    const passageQuery = documentScope(query, (term) => labelWord(profiles, term))?.rest ?? query
    let vector: Float32Array | null = null
    if (embedder) {
      try {
        vector = await ports.queryEmbedders.embed(embedder, passageQuery, request.signal)
      } catch (error) {
        request.signal?.throwIfAborted()
        ports.logError?.(error)
      }
      if (!vector) fallback = `The embedder ${embedder} is not available here; keyword search (BM25) answered`
    } else if (anyDocument) {
      fallback = 'These documents have no vectors; keyword search (BM25) answered'
    }
    const response = await ports.index.search({
      query: passageQuery,
      // "what does saturation mean": the document is named by "saturation", never by the asking's "mean".
      documentQuery: withoutMeaningAsk(query),
      queryVector: vector,
      embedder,
      exactVectors: (ids) => ports.store.chunks.chunkVectors(ids),
      limit: pageSpreadDepth(request.topK),
      collectionIds: request.collectionIds,
      mode: request.hybrid ? 'hybrid' : 'vector',
      similarityThreshold: request.similarityThreshold ?? defaultSimilarityThreshold(embedder),
      documentProfiles: profiles,
    })
    if (i === 0) method = response.method
    for (const { id, score } of response.results) best.set(id, Math.max(best.get(id) ?? 0, score))
  }
  return { candidates: [...best].sort((a, b) => b[1] - a[1]), method, fallback }
}

/** The queries a search ran: those given, then the first written out where it was (`spelledOut`). */
export function queriesSearched(
  queries: readonly string[],
  found: Pick<SearchChunksResult, 'spelledOut'>,
): string[] {
  return found.spelledOut === null ? [...queries] : [...queries, found.spelledOut]
}

interface Found {
  record: ChunkRecord
  document: DocumentRecord
  score: number
}

/** Passages of a document's opening read when a question names it and search found none of its own. */
const NAMED_OPENING = 3

/**
 * The candidates' rows (best first) with their documents, skipping a chunk deleted between search and
 * lookup or of a document no longer searched. Choosing passages needs every candidate's page, so all
 * are read where a searched document has pages; where none has (text, Markdown, Word, HTML), the
 * choice is the first `topK` in order, and only those are read (then more, if some were skipped):
 * a search of 139k passages of text read 50 rows to answer 5 (bench/README.md, `search-path`). A row
 * with a page after all makes it read the rest as well, and so does a question naming a part of a
 * document (`readAll`); `searchChunks` reads them all again for an acronym the rows read do not print.
 */
async function readCandidates(
  store: Pick<Store, 'chunks'>,
  candidates: ReadonlyArray<[string, number]>,
  documents: ReadonlyMap<string, DocumentRecord>,
  topK: number,
  readAll: boolean,
): Promise<Found[]> {
  const found: Found[] = []
  let from = 0
  let all = readAll || anyPaged(store, documents.keys())
  while (from < candidates.length && (all || found.length < topK)) {
    const batch = candidates.slice(from, all ? candidates.length : from + topK - found.length)
    from += batch.length
    const records = new Map((await store.chunks.getChunks(batch.map(([id]) => id))).map((c) => [c.id, c]))
    for (const [id, score] of batch) {
      const record = records.get(id)
      const document = record && documents.get(record.document_id)
      if (!record || !document) continue
      found.push({ record, document, score })
      all ||= record.page !== null
    }
  }
  return found
}

async function completedDocuments(
  store: Pick<Store, 'documents'>,
  collectionIds: readonly string[] | undefined,
): Promise<Map<string, DocumentRecord>> {
  const lists = collectionIds
    ? await Promise.all(
        collectionIds.map((id) =>
          store.documents.listDocuments({ collectionId: id, statuses: ['completed'] }),
        ),
      )
    : [await store.documents.listDocuments({ statuses: ['completed'] })]
  return new Map(lists.flat().map((document) => [document.id, document]))
}

/** The embedder that made the most chunks among these documents (ties: the newest document's). */
function dominantEmbedder(documents: Map<string, DocumentRecord>): string | null {
  const counts = new Map<string, number>()
  for (const document of documents.values()) {
    const id = document.metadata.embedder
    if (typeof id === 'string' && id !== '') counts.set(id, (counts.get(id) ?? 0) + document.chunk_count)
  }
  let best: string | null = null
  let bestCount = 0
  for (const [id, count] of counts) {
    if (count > bestCount) [best, bestCount] = [id, count]
  }
  return best
}
