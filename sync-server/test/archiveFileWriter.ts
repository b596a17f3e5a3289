import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { Zip, ZipPassThrough } from 'fflate'
import { MANIFEST_PATH } from '../../web/core/archive/archiveFormat'
import { archiveManifest } from '../../web/core/archive/archiveManifest'

/** A value as an archive's JSON entry holds it. */
export const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))

/**
 * An archive in the export's format written straight to `path` as it is built, an entry at a time, so a
 * test can make archives far larger than it could hold. `entries` gathers each entry's SHA-256 for the
 * manifest, which `finish` writes last, as the export does.
 */
export function archiveFileWriter(path: string) {
  const out = createWriteStream(path)
  const written = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve)
    out.once('error', reject)
  })
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error)
    else out.write(chunk)
    if (final) out.end()
  })
  const entries: Record<string, string> = {}
  const add = (name: string, bytes: Uint8Array) => {
    entries[name] = createHash('sha256').update(bytes).digest('hex')
    const entry = new ZipPassThrough(name)
    zip.add(entry)
    entry.push(bytes, true)
  }
  return {
    zip,
    entries,
    /** Stores `bytes` under `name` (not deflated) and records its SHA-256. */
    add,
    /** Waits for the file stream to drain: the archive is never held in memory. */
    async drained(): Promise<void> {
      if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
    },
    /**
     * Writes the manifest of one collection of `documents` documents (a file each, no chats), ends the
     * zip and resolves once the file is written.
     */
    async finish(of: { createdAt: string; collectionId: string | null; documents: number }): Promise<void> {
      const head = {
        created_at: of.createdAt,
        scope: { collection_id: of.collectionId, include_chats: false },
      }
      const counts = { collections: 1, documents: of.documents, files: of.documents }
      const manifest = archiveManifest(
        head,
        { ...counts, chat_sessions: 0, chat_messages: 0, records: 0 },
        entries,
      )
      add(MANIFEST_PATH, jsonBytes(manifest))
      zip.end()
      await written
    },
  }
}
