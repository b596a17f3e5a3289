import { open } from 'node:fs/promises'

/**
 * Reads the file at `path` a part of `partBytes` at a time (each part full but the last) into one
 * buffer reused for every part, handing each to `onPart` before the next is read: a 100 MB upload is
 * hashed or stored without the server's thread ever holding it whole, and without 100 MB of buffers
 * to collect (a file read whole cost a long garbage collection on the thread that answers requests).
 * The part is only valid until `onPart` resolves. Resolves the file's size.
 */
export async function readFileInParts(
  path: string,
  partBytes: number,
  onPart: (part: Uint8Array, index: number) => void | Promise<void>,
): Promise<number> {
  const file = await open(path, 'r')
  try {
    const buffer = Buffer.allocUnsafe(partBytes)
    let size = 0
    for (let index = 0; ; index++) {
      let filled = 0
      while (filled < partBytes) {
        const { bytesRead } = await file.read(buffer, filled, partBytes - filled, size + filled)
        if (bytesRead === 0) break
        filled += bytesRead
      }
      if (filled === 0 && index > 0) return size
      await onPart(buffer.subarray(0, filled), index)
      size += filled
      if (filled < partBytes) return size
    }
  } finally {
    await file.close()
  }
}
