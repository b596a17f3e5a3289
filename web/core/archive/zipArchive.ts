import { Zip, ZipDeflate } from 'fflate'
import { sha256Hex } from '../store/FileStore'
import type { ArchiveEntry } from './archiveEntries'
import { MANIFEST_PATH, type ArchiveManifest } from './archiveFormat'
import { archiveManifest, type ManifestHead } from './archiveManifest'

/** Original files are mostly compressed already (PDF, Office): deflated fast; JSON well. */
const FILE_LEVEL = 1
const JSON_LEVEL = 6

/**
 * The archive as a stream: each entry is read from `entries` only when the reader wants more bytes
 * (pull), deflated and handed on, so an export of gigabytes holds one entry at a time. The manifest,
 * which needs every entry's SHA-256, is the last entry; readers find it through the central directory.
 * Cancelling the stream (the client went away) stops reading the store.
 */
export function zipArchive(
  entries: AsyncIterable<ArchiveEntry>,
  head: ManifestHead,
): ReadableStream<Uint8Array> {
  const iterator = entries[Symbol.asyncIterator]()
  const hashes: Record<string, string> = {}
  const counts: ArchiveManifest['counts'] = {
    collections: 0,
    documents: 0,
    files: 0,
    chat_sessions: 0,
    chat_messages: 0,
    records: 0,
  }
  let zip: Zip
  const add = (path: string, bytes: Uint8Array, level: number) => {
    const file = new ZipDeflate(path, { level: level as 1 | 6 })
    zip.add(file)
    file.push(bytes, true)
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error)
        controller.enqueue(chunk)
        if (final) controller.close()
      })
    },
    async pull(controller) {
      try {
        const next = await iterator.next()
        if (next.done) {
          const manifest = archiveManifest(head, counts, hashes)
          add(MANIFEST_PATH, new TextEncoder().encode(JSON.stringify(manifest, null, 1)), JSON_LEVEL)
          zip.end()
          return
        }
        const { path, bytes, counts: counted } = next.value
        hashes[path] = await sha256Hex(bytes)
        for (const [name, value] of Object.entries(counted ?? {})) {
          counts[name as keyof typeof counts] += value
        }
        add(path, bytes, path.endsWith('.json') ? JSON_LEVEL : FILE_LEVEL)
      } catch (error) {
        controller.error(error)
        await iterator.return?.(undefined)
      }
    },
    async cancel() {
      zip.terminate()
      await iterator.return?.(undefined)
    },
  })
}
