import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { newCollection, newDocument } from '../../core/testing/conformance/store/fixtures'
import type { IngestRequest } from '../../core/documents/Ingestor'
import type { DocumentRecord } from '../../core/store/DocumentRecord'
import { ingestFile, type IngestResult } from '../../core/ingest/ingestFile'
import { textParsers } from '../../core/ingest/parse/textParsers'
import { hashEmbedder } from '../../core/ingest/embed/hashEmbedder'
import { systemClock } from '../../core/kernel/time/Clock'

/**
 * What the browser's tests of `processDocument` start from: a Dexie store and file store over
 * fake-indexeddb, the real ingest of text files (with the hash embedder), and Markdown documents
 * stored in one collection as an upload leaves them.
 */
export function ingestWorld(name: string) {
  const db = new QuireDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange })
  const store = new DexieStore(db)
  const files = new DexieFileStore(db)
  let ids = 0
  let collectionId: Promise<string> | undefined
  return {
    store,
    files,
    newId: () => `id-${++ids}`,
    /** Reads the request's bytes as the ingest worker would; progress goes to the request. */
    ingest: (request: IngestRequest): Promise<IngestResult> =>
      ingestFile(
        request.bytes!,
        request.filename,
        { parsers: textParsers, embedder: hashEmbedder, clock: systemClock },
        { onProgress: request.onProgress },
      ),
    /** A Markdown file stored and its document record made, in the world's one collection. */
    async addDocument(
      filename: string,
      text: string,
      status: DocumentRecord['status'] = 'processing',
    ): Promise<DocumentRecord> {
      collectionId ??= store.collections.createCollection(newCollection()).then((c) => c.id)
      const key = await files.put(new TextEncoder().encode(text))
      return store.documents.createDocument(
        newDocument(await collectionId, { original_filename: filename, file_path: `files/${key}`, status }),
      )
    },
  }
}
