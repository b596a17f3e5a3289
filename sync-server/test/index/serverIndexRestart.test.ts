import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { LOCAL_USER_ID } from '../../../web/core/api/createApiPorts'
import type { ManagedIndex } from '../../../web/core/retrieve/snapshot/ManagedIndex'
import { SqliteDriver } from '../../src/sql/SqliteDriver'
import { createTestCollection } from '../createTestCollection'
import { searchTestCollection } from '../searchTestCollection'
import { startTestServer } from '../startTestServer'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const TEXT = '# Orchards\n\nThe quince orchard by the mill is pruned in February, before the sap rises.\n'

async function search(url: string, collectionId: string): Promise<string[]> {
  const passages = await searchTestCollection(url, collectionId, 'When is the quince orchard pruned?')
  return passages.map((c) => c.document_id)
}

// The server's search index over HTTP: loaded on a person's first search, saved when their space
// closes, loaded from that snapshot after a restart.
describe('the server search index across a restart', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it(
    'is loaded on first use, saved at close and answers the same from its snapshot after a restart',
    async () => {
      const errors: unknown[] = []
      const first = await startTestServer({ errors })
      dirs.push(first.dataDir)
      const collectionId = await createTestCollection(first.url, 'Farm', 'Notes')
      const form = new FormData()
      form.append('collection_id', collectionId)
      form.append('file', new Blob([TEXT]), 'orchards.md')
      const upload = await fetch(`${first.url}/api/documents/`, { method: 'POST', body: form })
      expect(upload.status).toBe(201)
      const { id } = (await upload.json()) as { id: string }
      await first.idle()
      expect(await search(first.url, collectionId)).toContain(id)
      await first.close()

      const db = new SqliteDriver(join(first.dataDir, 'quire.db'))
      const header = await db.get<{ parts: number; bytes: number }>('SELECT parts, bytes FROM index_snapshot')
      await db.close()
      expect(header?.parts).toBeGreaterThan(0)

      const second = await startTestServer({ dataDir: first.dataDir })
      const index = (await second.spaces.get(LOCAL_USER_ID)).runtime.ports.index as ManagedIndex
      expect(index.isLoaded).toBe(false)
      expect(await search(second.url, collectionId)).toContain(id)
      expect(index.isLoaded).toBe(true)
      await second.close()
    },
    scaledTimeout(60_000),
  )
})
