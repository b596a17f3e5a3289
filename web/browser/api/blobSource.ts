import type { ByteSource } from '../../core/kernel/bytes/ByteSource'

/** A Blob (an uploaded File) as a ByteSource: each range read when asked, the rest left in the Blob. */
export function blobSource(blob: Blob): ByteSource {
  return {
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
    close: async () => undefined,
  }
}
