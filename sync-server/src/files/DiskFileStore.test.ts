import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { fileStoreConformance } from '../../../web/core/store/conformance/fileStoreConformance'
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
