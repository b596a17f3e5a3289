import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it } from 'vitest'
import { runConformanceCase } from '../../../web/core/store/conformance/runConformanceCase'
import { storeConformance } from '../../../web/core/store/conformance/storeConformance'
import { openSqlStore } from './openSqlStore'

describe('SqlStore (SQLite file) conformance', () => {
  for (const testCase of storeConformance) {
    it(testCase.name, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'quire-sql-'))
      try {
        await runConformanceCase(testCase, () => openSqlStore(dir))
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  }
})
