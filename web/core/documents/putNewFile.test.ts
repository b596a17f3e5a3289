import { bytesSource } from '../kernel/bytes/ByteSource'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { UploadedFile } from '../kernel/UploadedFile'
import { sha256Hex, type FileStore } from '../store/FileStore'
import { putNewFile } from './putNewFile'

/** A FileStore in memory that records how it was given files; `putFile` reads from `disk`. */
function recordingStore(disk?: Map<string, Uint8Array>) {
  const stored = new Map<string, Uint8Array>()
  const calls: string[] = []
  const files: FileStore = {
    async put(bytes) {
      calls.push('put')
      const key = await sha256Hex(bytes)
      stored.set(key, bytes)
      return key
    },
    get: async (key) => stored.get(key),
    delete: async (key) => stored.delete(key),
    ...(disk && {
      async putFile(path: string) {
        calls.push(`putFile ${path}`)
        const bytes = disk.get(path)
        if (!bytes) throw new Error(`no file ${path}`)
        const key = await sha256Hex(bytes)
        stored.set(key, bytes)
        return key
      },
    }),
  }
  return { files, calls, stored }
}

const docx = zipSync(
  { 'word/document.xml': strToU8('<w:document/>'), 'word/media/a.bin': new Uint8Array(200_000) },
  { level: 0 },
)

/** An upload the host keeps on disk at `path`; reading it whole fails the test. */
function uploadOnDisk(path: string, bytes: Uint8Array, filename: string, reads: number[][]): UploadedFile {
  return {
    filename,
    contentType: 'application/octet-stream',
    size: bytes.length,
    bytes: () => Promise.reject(new Error('the upload was read whole')),
    diskPath: path,
    open: async () => ({
      size: bytes.length,
      read: async (offset, length) => {
        reads.push([offset, offset + length])
        return bytes.slice(offset, offset + length)
      },
      close: async () => undefined,
    }),
  }
}

describe('putNewFile', () => {
  it('stores an upload on disk from its path, sniffed from a few of its bytes, never read whole', async () => {
    const { files, calls, stored } = recordingStore(new Map([['/tmp/upload-1', docx]]))
    const reads: number[][] = []
    // Named .doc, it is a DOCX: the content decides, as on the whole file.
    const result = await putNewFile(
      files,
      uploadOnDisk('/tmp/upload-1', docx, 'report.doc', reads),
      'report.doc',
    )
    expect(result).toEqual({ key: await sha256Hex(docx), size: docx.length, kind: 'docx' })
    expect(calls).toEqual(['putFile /tmp/upload-1'])
    expect(stored.get(result.key)).toBe(docx)
    const bytesRead = reads.reduce((sum, [start, end]) => sum + Math.min(end!, docx.length) - start!, 0)
    // Its first 8 KiB and its end (the directory), not the 200 KB entry between.
    expect(bytesRead).toBeLessThan(docx.length / 2)
  })

  it('reads an upload whole where the store takes no path, or the host holds none', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    const inMemory: UploadedFile = {
      filename: 'scan.png',
      contentType: 'image/png',
      size: png.length,
      bytes: async () => png,
    }
    const browser = recordingStore()
    expect(await putNewFile(browser.files, inMemory, 'scan.png')).toEqual({
      key: await sha256Hex(png),
      size: png.length,
      kind: 'png',
    })
    expect(browser.calls).toEqual(['put'])

    const noPutFile = recordingStore()
    const onDisk = { ...inMemory, diskPath: '/tmp/x', open: async () => bytesSource(png) }
    expect((await putNewFile(noPutFile.files, onDisk, 'scan.png')).kind).toBe('png')
    expect(noPutFile.calls).toEqual(['put'])
  })

  it('stores bytes as they are (a followed folder’s file)', async () => {
    const { files, calls } = recordingStore(new Map())
    const bytes = strToU8('# Notes\n\nText.')
    expect(await putNewFile(files, bytes, 'notes.md')).toEqual({
      key: await sha256Hex(bytes),
      size: bytes.length,
      kind: 'markdown',
    })
    expect(calls).toEqual(['put'])
  })
})
