import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, it } from 'vitest'
import { storeConformance } from '../../../web/core/store/conformance/storeConformance'
import type { Store } from '../../../web/core/store/Store'
import { openSqlStore } from './openSqlStore'

describe('SqlStore (SQLite file) conformance', () => {
  const cleanups: Array<() => Promise<void>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup()
  })

  for (const testCase of storeConformance) {
    it(testCase.name, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'quire-sql-'))
      let current: Store = await openSqlStore(dir)
      cleanups.push(async () => {
        await current.close()
        rmSync(dir, { recursive: true, force: true })
      })
      await testCase.run({
        store: current,
        async reopen() {
          await current.close()
          current = await openSqlStore(dir)
          return current
        },
      })
    })
  }
})
