import type { Chunk } from '../ingest/chunk/Chunk'
import { ParseError } from '../ingest/ParseError'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { DocumentRecord } from '../store/DocumentRecord'
import type { FileStore } from '../store/FileStore'
import type { Store } from '../store/Store'
import { toTimestamp, type Clock } from '../kernel/time/Clock'
import { timeSlicer } from '../kernel/time/timeSlicer'
import type { Ingestor } from './Ingestor'
import type { OcrLanguage } from '../ingest/ocr/ocrLanguages'
import type { IngestMetadata, IngestResult } from '../ingest/ingestFile'
import type { OcrPagesRead } from '../ingest/DocumentModel'
import { STORAGE_FULL_MESSAGE, storageFull } from '../store/storageFull'
import { storeUnavailable } from '../store/storeUnavailable'

export interface ProcessPorts {
  store: Store
  files: FileStore
  ingestor: Ingestor
  clock: Clock
  newId(): string
  /** Receives unexpected (non-ParseError) failures; the document itself says only "failed". */
  logError?(error: unknown): void
  /** The embedder new documents use (the person's setting); absent: the ingestor's own default. */
  embedderId?(): Promise<string>
  /** The languages OCR reads in (the person's setting); absent: the ingestor's default (English). */
  ocrLanguages?(): Promise<readonly OcrLanguage[]>
  /** Called with a document's chunks just before it is marked completed (none when it failed or was deleted meanwhile), to update the search index. */
  onIndexed?(document: DocumentRecord, chunks: ChunkRecord[]): void | Promise<void>
  /** Called with chunks added to a document's stored ones (a scanned page read after the rest), to add them to the search index. */
  onChunksAdded?(document: DocumentRecord, chunks: ChunkRecord[]): void | Promise<void>
}

/** Stored progress is written at most this often (ms), except at stage changes. */
const PROGRESS_INTERVAL = 250

/**
 * Processes one stored document: reads its file, ingests it, stores chunks and vectors, and ends in
 * `completed` or `failed` (with `metadata.error` and `metadata.error_code`). Never throws for a bad
 * file; a document deleted meanwhile is left deleted (its chunks are not written back).
 *
 * Nothing here holds the thread for long: records are made in batches, and the store and the index
 * take big documents in batches of their own. What makes that safe: `replaceChunks` swaps a
 * document's chunks in one step however it writes them, and the document is marked `completed` only
 * after its chunks are stored and indexed, so a crash part way leaves it `processing` (resumed at the
 * next start), never `completed` with half of its chunks.
 *
 * A PDF with scanned pages is `completed` (searchable) as soon as its text layer is read, with
 * `progress` `{stage: 'ocr', pages_done, pages_total}` while its scans are read and their passages
 * added; `progress` is null once all are. A crash meanwhile leaves it `completed` with that progress,
 * which the host resumes at its next start like an unfinished document.
 */
export async function processDocument(
  documentId: string,
  ports: ProcessPorts,
  options: {
    password?: string
    signal?: AbortSignal
    onProgress?: (stage: string, percent: number) => void
  } = {},
): Promise<DocumentRecord | undefined> {
  const { store, ingestor, clock } = ports
  const document = await store.documents.getDocument(documentId)
  if (!document) return undefined
  // "Waiting to start" until the ingestor reports its first stage: it may wait for a free worker (both
  // hosts take one document more than they have ingest workers, to store one while the next is read).
  await store.documents.updateDocument(documentId, {
    status: 'processing',
    progress: { stage: 'queued', percent: 0 },
  })

  let lastWrite = 0
  let lastStage = ''
  let lastPages = -1
  let writes = Promise.resolve()
  /** Set once the document is searchable from what was read before its scanned pages (`onPartial`). */
  let searchable: { metadata: IngestMetadata } | undefined
  const onProgress = (stage: string, percent: number, ocr?: OcrPagesRead) => {
    // Once the document is searchable, only the scans' pages are news: the chunking and embedding of
    // each part read is not shown as if the document were processed from the start again.
    if (searchable && stage !== 'ocr') return
    options.onProgress?.(stage, percent)
    const now = clock.now()
    const pages = ocr?.done ?? -1
    if (stage === lastStage && pages === lastPages && now - lastWrite < PROGRESS_INTERVAL) return
    lastStage = stage
    lastPages = pages
    lastWrite = now
    const progress = ocr
      ? { stage, percent, pages_done: ocr.done, pages_total: ocr.total }
      : { stage, percent }
    writes = writes.then(() => store.documents.updateDocument(documentId, { progress })).then(() => undefined)
  }
  /** The chunks stored while scanned pages are read: the document's without them, then each page's. */
  let stored: ChunkRecord[] = []
  /**
   * The document without the pages that wait for OCR, then each page read (`ocr.adds`): stored,
   * indexed and marked `completed` at once (searchable), its `progress` saying how many scanned pages
   * are read. A page read is added to what is stored and indexed, alone: its cost does not grow with
   * the document (a 549-page report re-stored and re-indexed whole took 2 s a scanned page).
   */
  const onPartial = async (partial: IngestResult, ocr: OcrPagesRead) => {
    const chunks = await toChunkRecords(partial, document, ports.newId)
    await writes
    options.signal?.throwIfAborted()
    if (!(await store.documents.getDocument(documentId))) return
    if (ocr.adds && stored.length > 0) {
      await store.chunks.addChunks(documentId, chunks)
      await ports.onChunksAdded?.(document, chunks)
      stored = [...stored, ...chunks]
    } else {
      await store.chunks.replaceChunks(documentId, chunks)
      await ports.onIndexed?.(document, chunks)
      stored = chunks
    }
    const marked = store.documents.updateDocument(documentId, {
      status: 'completed',
      processed_at: toTimestamp(clock.now()),
      metadata: { ...partial.metadata },
      chunk_count: stored.length,
      progress: {
        stage: 'ocr',
        percent: Math.floor((100 * ocr.done) / Math.max(ocr.total, 1)),
        pages_done: ocr.done,
        pages_total: ocr.total,
      },
    })
    writes = marked.then(() => undefined)
    if (await marked) searchable = { metadata: partial.metadata }
  }

  try {
    const result = await ingestor.ingest({
      ...(await storedFile(ports, fileKey(document))),
      filename: document.original_filename,
      embedder: await ports.embedderId?.(),
      ocrLanguages: await ports.ocrLanguages?.(),
      password: options.password,
      onProgress,
      onPartial,
      signal: options.signal,
      wantText: false,
    })
    await writes
    options.signal?.throwIfAborted()
    onProgress('indexing', 100)
    await writes
    const chunks = await toChunkRecords(result, document, ports.newId)
    // Read whole again, in reading order: passages already stored keep their ids (citations stay good).
    keepChunkIds(chunks, stored)
    if (!(await store.documents.getDocument(documentId))) return undefined
    await store.chunks.replaceChunks(documentId, chunks)
    // Indexed before it is marked completed: whoever sees `completed` can search it at once (marking
    // it also hands it to sync, which takes a moment on a host that syncs).
    await ports.onIndexed?.(document, chunks)
    const completed = await store.documents.updateDocument(documentId, {
      status: 'completed',
      processed_at: toTimestamp(clock.now()),
      metadata: { ...result.metadata },
      chunk_count: chunks.length,
      progress: null,
    })
    if (!completed) await ports.onIndexed?.(document, [])
    return completed
  } catch (error) {
    await writes.catch(() => undefined)
    // Cancelled by the queue (document deleted, re-queued with a password, host shutting down):
    // whoever cancelled decides what happens next; an unfinished document is resumed at restart.
    if (options.signal?.aborted) return store.documents.getDocument(documentId)
    // The database went away mid-way (a restart, a crash): nothing is wrong with the file. The
    // document stays `processing` and the error goes to the job queue, which runs it again once the
    // database answers; marking it failed would tell the person to upload it again for nothing.
    if (storeUnavailable(error)) throw error
    if (!(error instanceof ParseError)) ports.logError?.(error)
    // Searchable already: the scanned pages not read are lost, not the document (the host stopped a
    // worker that stalled on one, say). It stays completed with what it has, and says why.
    if (searchable) {
      await writes.catch(() => undefined)
      return store.documents.updateDocument(documentId, {
        metadata: {
          ...searchable.metadata,
          ocr_error:
            error instanceof ParseError ? error.message : 'Reading the scanned pages failed unexpectedly',
        },
        progress: null,
      })
    }
    const full = storageFull(error)
    const reason =
      error instanceof ParseError
        ? { error: error.message, error_code: error.code }
        : full
          ? // A full disk or browser quota: the person learns what happened and what to do.
            { error: STORAGE_FULL_MESSAGE[full], error_code: 'storage_full' }
          : {
              error: 'Processing failed unexpectedly; try uploading the document again',
              error_code: 'internal',
            }
    // A failed run leaves nothing searchable, not even the chunks of an earlier successful run. With
    // the storage full even that may fail; the swap is all or nothing, so the old set is then intact
    // but no longer counted (the document is marked failed below).
    await store.chunks.replaceChunks(documentId, []).catch((cleanup: unknown) => {
      if (!full) throw cleanup
    })
    const failed = await store.documents.updateDocument(documentId, {
      status: 'failed',
      processed_at: toTimestamp(clock.now()),
      metadata: reason,
      chunk_count: 0,
      progress: null,
    })
    if (failed) await ports.onIndexed?.(failed, [])
    return failed
  }
}

/**
 * What the ingestor reads: the stored file's path where it opens files itself (the server: the bytes
 * then never pass through the thread that answers requests), else the bytes.
 */
async function storedFile(
  { files, ingestor }: Pick<ProcessPorts, 'files' | 'ingestor'>,
  key: string,
): Promise<{ storedPath: string } | { bytes: Uint8Array }> {
  const storedPath = ingestor.readsStoredFiles ? await files.pathOf?.(key) : undefined
  if (storedPath) return { storedPath }
  const bytes = await files.get(key)
  if (!bytes) throw new ParseError('corrupt', 'The stored file is missing; upload the document again')
  return { bytes }
}

/** The FileStore key of a document's content: the last segment of `file_path` (`files/<sha256>`). */
export function fileKey(document: Pick<DocumentRecord, 'file_path'>): string {
  return document.file_path.split('/').pop() ?? ''
}

/**
 * Gives `chunks` the ids of `before`'s chunks with the same page, heading and text, each id once: a
 * document read whole after its scanned pages were added page by page keeps the passages it had.
 */
function keepChunkIds(chunks: ChunkRecord[], before: readonly ChunkRecord[]): void {
  if (before.length === 0) return
  const key = (chunk: ChunkRecord) => `${chunk.page ?? ''}\u0000${chunk.heading ?? ''}\u0000${chunk.text}`
  const ids = new Map<string, string[]>()
  for (const chunk of before) {
    const same = ids.get(key(chunk))
    if (same) same.push(chunk.id)
    else ids.set(key(chunk), [chunk.id])
  }
  for (const chunk of chunks) {
    const id = ids.get(key(chunk))?.shift()
    if (id !== undefined) chunk.id = id
  }
}

/** The stored records of an ingest result's chunks, with fresh ids. */
export async function toChunkRecords(
  result: Pick<IngestResult, 'chunks' | 'vectors' | 'metadata'>,
  document: DocumentRecord,
  newId: () => string,
): Promise<ChunkRecord[]> {
  // A big document has 100,000 chunks: their records are made a time slice at a time.
  const chunks: ChunkRecord[] = []
  const slice = timeSlicer()
  for (const [i, chunk] of result.chunks.entries()) {
    if (i % 100 === 0) await slice()
    chunks.push(toRecord(chunk, document, result.vectors[i] ?? null, result.metadata.embedder, newId()))
  }
  return chunks
}

function toRecord(
  chunk: Chunk,
  document: DocumentRecord,
  vector: Float32Array | null,
  embedder: string,
  id: string,
): ChunkRecord {
  return {
    id,
    document_id: document.id,
    collection_id: document.collection_id,
    index: chunk.index,
    text: chunk.text,
    page: chunk.page,
    heading: chunk.heading,
    token_count: chunk.tokenCount,
    embedder: vector ? embedder : null,
    vector,
    ...(chunk.ocr ? { ocr: chunk.ocr } : {}),
  }
}
