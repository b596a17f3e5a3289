import { open } from 'node:fs/promises'
import type { ByteSource } from '../../../web/core/kernel/bytes/ByteSource'

/**
 * A file on disk as a ByteSource: one handle opened now, each range read into its own buffer. The
 * handle keeps the file readable after its name is removed (an upload's part is removed when its
 * request ends; an import's job reads it after), until `close`.
 */
export async function fileSource(path: string): Promise<ByteSource> {
  const handle = await open(path, 'r')
  const { size } = await handle.stat()
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)))
      let filled = 0
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, offset + filled)
        if (bytesRead === 0) break
        filled += bytesRead
      }
      return new Uint8Array(buffer.buffer, buffer.byteOffset, filled)
    },
    close: () => handle.close(),
  }
}
