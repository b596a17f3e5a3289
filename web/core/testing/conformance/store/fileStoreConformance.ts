import type { FileStore } from '../../../store/FileStore'
import { sha256Hex } from '../../../store/FileStore'
import { check, checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'

export interface FileStoreConformanceContext {
  files: FileStore
  /** A FileStore over the same storage, as after a restart. */
  reopen(): Promise<FileStore>
}

const bytesOf = (text: string) => new TextEncoder().encode(text)

/** What every FileStore adapter must do. */
export const fileStoreConformance: HostCase<FileStoreConformanceContext>[] = [
  {
    name: 'stores bytes under their SHA-256 and reads them back exactly',
    async run({ files }) {
      const bytes = new Uint8Array(70_000).map((_, i) => (i * 31) % 256)
      const key = await files.put(bytes)
      checkEqual(key, await sha256Hex(bytes), 'key')
      checkEqual(Array.from((await files.get(key)) ?? []), Array.from(bytes), 'content')
    },
  },
  {
    name: 'stores identical content once and survives a reopen',
    async run({ files, reopen }) {
      const first = await files.put(bytesOf('same bytes'))
      const second = await files.put(bytesOf('same bytes'))
      checkEqual(second, first, 'same key for same bytes')
      const reopened = await reopen()
      checkEqual(new TextDecoder().decode(await reopened.get(first)), 'same bytes', 'after reopen')
    },
  },
  {
    name: 'deletes a file once and answers unknown keys with undefined',
    async run({ files }) {
      const key = await files.put(bytesOf('to delete'))
      checkEqual(await files.delete(key), true, 'first delete')
      checkEqual(await files.delete(key), false, 'second delete')
      checkEqual(await files.get(key), undefined, 'deleted file')
      checkEqual(await files.get('0'.repeat(64)), undefined, 'unknown key')
      check((await files.get('../../etc/passwd')) === undefined, 'a malformed key reads nothing')
    },
  },
]
