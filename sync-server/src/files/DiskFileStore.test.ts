import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileStoreConformance } from '../../../web/core/store/conformance/fileStoreConformance'
import { readFile } from 'node:fs/promises'
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
