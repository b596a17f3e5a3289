import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileStoreConformance } from '../../../web/core/testing/conformance/store/fileStoreConformance'
import { readFile } from 'node:fs/promises'
import { sha256Hex } from '../../../web/core/store/FileStore'
import { DiskFileStore } from './DiskFileStore'

describe('DiskFileStore conformance', () => {
  for (const testCase of fileStoreConformance) {
    it(testCase.name, async () => {
      const root = mkdtempSync(join(tmpdir(), 'quire-files-'))
      try {
        await testCase.run({ files: new DiskFileStore(root), reopen: async () => new DiskFileStore(root) })
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    })
  }
})

describe('DiskFileStore.pathOf', () => {
  it('names the file of a stored key, and nothing for an unknown or malformed key', async () => {
    const root = mkdtempSync(join(tmpdir(), 'quire-files-'))
    try {
      const files = new DiskFileStore(root)
      const bytes = new TextEncoder().encode('tides')
      const key = await files.put(bytes)
      const path = await files.pathOf(key)
      expect(path?.startsWith(root)).toBe(true)
      expect(new Uint8Array(await readFile(path!))).toEqual(bytes)
      expect(await files.pathOf('0'.repeat(64))).toBeUndefined()
      expect(await files.pathOf(`../${key}`)).toBeUndefined()
      await files.delete(key)
      expect(await files.pathOf(key)).toBeUndefined()
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('DiskFileStore.putFile', () => {
  const withRoot = async (run: (root: string) => Promise<void>) => {
    const root = mkdtempSync(join(tmpdir(), 'quire-files-'))
    try {
      await run(root)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }

  it('stores a copy of a file on disk under the key put gives its bytes, owner-only, and keeps the source', () =>
    withRoot(async (root) => {
      const files = new DiskFileStore(join(root, 'files'))
      // Three and a half of the parts it is hashed in: a last part shorter than the others.
      const bytes = new Uint8Array(3.5 * 1024 * 1024).map((_, i) => (i * 7 + (i >> 12)) % 256)
      const source = join(root, 'upload.bin')
      writeFileSync(source, bytes, { mode: 0o644 })
      const key = await files.putFile(source)
      expect(key).toBe(await sha256Hex(bytes))
      expect(Buffer.from((await files.get(key))!).equals(Buffer.from(bytes))).toBe(true)
      expect(statSync((await files.pathOf(key))!).mode & 0o777).toBe(0o600)
      expect(existsSync(source)).toBe(true)
      // The same content again, from bytes or from disk: one file.
      expect(await files.put(bytes)).toBe(key)
      expect(await files.putFile(source)).toBe(key)
      expect(readdirSync(join(root, 'files', key.slice(0, 2)))).toEqual([key])
    }))

  it('stores an empty file and one of exactly a part under the keys of their bytes', () =>
    withRoot(async (root) => {
      const files = new DiskFileStore(join(root, 'files'))
      for (const bytes of [new Uint8Array(0), new Uint8Array(1024 * 1024).fill(9)]) {
        const source = join(root, `upload-${bytes.length}`)
        writeFileSync(source, bytes)
        const key = await files.putFile(source)
        expect(key).toBe(await sha256Hex(bytes))
        expect((await files.get(key))?.length).toBe(bytes.length)
      }
    }))

  it('leaves nothing behind when the copy fails (a full disk)', () =>
    withRoot(async (root) => {
      const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
      const files = new DiskFileStore(join(root, 'files'), undefined, async (_from, to) => {
        writeFileSync(to, 'half')
        throw full
      })
      const source = join(root, 'upload.md')
      writeFileSync(source, '# Lost\n')
      await expect(files.putFile(source)).rejects.toBe(full)
      const left = readdirSync(join(root, 'files'), { recursive: true, withFileTypes: true })
      expect(left.filter((entry) => entry.isFile())).toEqual([])
    }))
})
