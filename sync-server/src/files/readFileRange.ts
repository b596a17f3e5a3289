import { open } from 'node:fs/promises'

/** Bytes [start, end) of the file at `path`, fewer where it ends first (sniffing an upload on disk). */
export async function readFileRange(path: string, start: number, end: number): Promise<Uint8Array> {
  const file = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(Math.max(0, end - start))
    let filled = 0
    while (filled < buffer.length) {
      const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, start + filled)
      if (bytesRead === 0) break
      filled += bytesRead
    }
    return new Uint8Array(buffer.buffer, buffer.byteOffset, filled)
  } finally {
    await file.close()
  }
}
