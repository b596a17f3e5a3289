import type { ChunkRecord } from '../../store/ChunkRecord'
import type { Store } from '../../store/Store'

/** Documents remembered at once: the jobs that run side by side, with room to spare. */
const KEEP = 4

/**
 * The chunks a store was last given for a few documents, so that the sync capture which follows
 * (a processed document's chunk blob) can encode them instead of reading them all back: for a
 * document of 100,000 chunks that read made 300 MB of garbage and the server's longest pauses.
 *
 * How it fails safe: `take` hands the chunks out only while the document's stored chunks still
 * are those (its first and last chunk ids are in the store's current chunks; ids are fresh UUIDs,
 * so no other write holds both), and only once; otherwise the caller reads the store as before.
 */
export class RecentChunks {
  private readonly byDocument = new Map<string, readonly ChunkRecord[]>()

  remember(documentId: string, chunks: readonly ChunkRecord[]): void {
    this.byDocument.delete(documentId)
    this.byDocument.set(documentId, chunks)
    for (const oldest of this.byDocument.keys()) {
      if (this.byDocument.size <= KEEP) break
      this.byDocument.delete(oldest)
    }
  }

  forget(documentId: string): void {
    this.byDocument.delete(documentId)
  }

  async take(documentId: string, store: Store): Promise<readonly ChunkRecord[] | undefined> {
    const chunks = this.byDocument.get(documentId)
    this.byDocument.delete(documentId)
    const first = chunks?.[0]
    const last = chunks?.at(-1)
    if (!chunks || !first || !last) return undefined
    const stored = await store.chunks.getChunks([first.id, last.id])
    const current = stored.filter((chunk) => chunk.document_id === documentId)
    return current.length === new Set([first.id, last.id]).size ? chunks : undefined
  }
}
