import type { BenchDevice } from './openBenchDevice'
import type { SeededDocument } from './seedCorpusDocuments'

/**
 * Throws unless the device holds exactly `expected` documents, each `completed` with the server's
 * chunk count, every chunk stored with its vector and in the device's search index: a run that
 * applied less would look faster. Resolves the chunks checked.
 */
export async function expectDocumentsSynced(
  device: BenchDevice,
  expected: readonly SeededDocument[],
): Promise<number> {
  const held = await device.plain.documents.listDocuments()
  if (held.length !== expected.length) {
    throw new Error(`the new device holds ${held.length} documents, not ${expected.length}`)
  }
  let chunks = 0
  for (const want of expected) {
    const document = await device.plain.documents.getDocument(want.id)
    if (!document) throw new Error(`the new device lacks ${want.original_filename} (${want.id})`)
    if (document.status !== 'completed' || document.chunk_count !== want.chunk_count) {
      throw new Error(
        `${want.original_filename} is ${document.status} with ${document.chunk_count} chunks on the new ` +
          `device, completed with ${want.chunk_count} on the server`,
      )
    }
    const stored = await device.plain.chunks.listChunks({ documentId: want.id })
    if (stored.length !== want.chunk_count || stored.some((chunk) => !chunk.vector?.length)) {
      throw new Error(
        `${want.original_filename}: ${stored.length} chunks stored, not ${want.chunk_count} with vectors`,
      )
    }
    chunks += stored.length
  }
  if (device.index.size !== chunks) {
    throw new Error(`the new device's search index holds ${device.index.size} chunks, not ${chunks}`)
  }
  if (device.errors.length > 0) throw device.errors[0]
  return chunks
}
