import type { UploadedFile } from '../kernel/UploadedFile'
import { fileExtension } from '../ingest/parse/sniffFileKind'
import type { DocumentRecord } from '../store/DocumentRecord'
import type { FileStore } from '../store/FileStore'
import type { Store } from '../store/Store'
import { toTimestamp, type Clock } from '../kernel/time/Clock'
import { putNewFile, type StoredNewFile } from './putNewFile'

/** Extensions that name the same kind as the sniffer's names. */
const KIND_BY_EXTENSION: Record<string, string> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.doc': 'doc',
  '.pptx': 'pptx',
  '.ppt': 'ppt',
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.txt': 'text',
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.tif': 'tiff',
  '.tiff': 'tiff',
}

/** The kind a file's name claims, or undefined when its extension is not one Quire reads. */
export function claimedKind(filename: string): string | undefined {
  return KIND_BY_EXTENSION[fileExtension(filename)]
}

export interface NewDocumentPorts {
  store: Pick<Store, 'documents'>
  files: FileStore
  clock: Clock
}

/**
 * Stores a file's content and a new document record for it, `processing` and queued, under `id`: an
 * upload and a followed folder's new file make documents the same way. The content is bytes, or an
 * upload that `putNewFile` stores from the host's disk without reading it whole. The caller has
 * checked the collection, the size and `claimedKind`, and queues the document.
 */
export async function storeNewDocument(
  ports: NewDocumentPorts,
  file: { id: string; content: Uint8Array | UploadedFile; filename: string; collectionId: string },
): Promise<DocumentRecord> {
  const stored = await putNewFile(ports.files, file.content, file.filename)
  return createStoredDocument(ports, { ...file, stored })
}

/**
 * The new document record for a file already stored (`putNewFile`): an upload that looks for a
 * document with the same content stores the file first, since its key is the content's hash.
 */
export function createStoredDocument(
  ports: Pick<NewDocumentPorts, 'store' | 'clock'>,
  file: { id: string; stored: StoredNewFile; filename: string; collectionId: string },
): Promise<DocumentRecord> {
  const { stored } = file
  return ports.store.documents.createDocument({
    id: file.id,
    filename: `doc_${file.id.slice(0, 8)}${fileExtension(file.filename)}`,
    original_filename: file.filename,
    file_path: `files/${stored.key}`,
    file_size: stored.size,
    document_type: stored.kind ?? claimedKind(file.filename) ?? 'unknown',
    collection_id: file.collectionId,
    status: 'processing',
    created_at: toTimestamp(ports.clock.now()),
    processed_at: null,
    metadata: {},
    chunk_count: 0,
    progress: { stage: 'queued', percent: 0 },
  })
}
