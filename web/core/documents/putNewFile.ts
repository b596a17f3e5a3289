import type { UploadedFile } from '../kernel/UploadedFile'
import type { FileKind } from '../ingest/DocumentModel'
import { sniffFileKind } from '../ingest/parse/sniffFileKind'
import { sniffFileKindByRange } from '../ingest/parse/sniffFileKindByRange'
import type { FileStore } from '../store/FileStore'

/** A new document's file once stored: its key in the FileStore, its size, and what its content is. */
export interface StoredNewFile {
  key: string
  size: number
  kind: FileKind | undefined
}

/**
 * Stores a new document's content and sniffs its kind: bytes in memory as they are; an upload the host
 * holds on disk (`UploadedFile.diskPath`) with a FileStore that takes files by path is sniffed from its
 * first bytes (and a ZIP's directory) and stored from its path, never read whole: a 72 MB upload read
 * whole held the server's thread for over 100 ms, mostly collecting its garbage (issue 39).
 */
export async function putNewFile(
  files: FileStore,
  content: Uint8Array | UploadedFile,
  filename: string,
): Promise<StoredNewFile> {
  if (content instanceof Uint8Array) {
    return { key: await files.put(content), size: content.length, kind: sniffFileKind(content, filename) }
  }
  if (content.diskPath && content.open && files.putFile) {
    // Sniffed first: what is read is the caller's file, which the store only copies.
    const source = await content.open()
    let kind: FileKind | undefined
    try {
      kind = await sniffFileKindByRange(
        (start, end) => source.read(start, end - start),
        content.size,
        filename,
      )
    } finally {
      await source.close()
    }
    return { key: await files.putFile(content.diskPath), size: content.size, kind }
  }
  return putNewFile(files, await content.bytes(), filename)
}
