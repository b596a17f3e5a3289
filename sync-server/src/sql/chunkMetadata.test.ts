import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { newChunk } from '../../../web/core/testing/conformance/store/fixtures'
import { migrate, migrations } from './migrations'
import { openSqlStore } from './openSqlStore'
import { SqliteDriver } from './SqliteDriver'
import { insertLegacyRows } from '../../test/insertLegacyRows'

// Migration 7 gives chunks a metadata column (their OCR mark). Chunks stored before it read as they
// were, with no mark; new ones keep theirs, as JSON in the column.
describe('chunk metadata (migration 7)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-chunk-metadata-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('upgrades a version 6 database: old chunks have no OCR mark, new ones keep theirs', async () => {
    const driver = new SqliteDriver(join(dir, 'quire.db'))
    await migrate(
      driver,
      migrations.filter((migration) => migration.version <= 6),
    )
    const {
      document,
      chunks: [old],
    } = await insertLegacyRows(driver, (document) => [newChunk(document, 0)])
    await driver.close()

    const store = await openSqlStore(dir)
    const [read] = await store.chunks.listChunks({ documentId: document.id })
    expect(read).toEqual(old)
    expect(read && 'ocr' in read).toBe(false)

    const scanned = [newChunk(document, 0, { ocr: { confidence: 0.87 } }), newChunk(document, 1)]
    await store.chunks.replaceChunks(document.id, scanned)
    expect(await store.chunks.getChunks([scanned[0]!.id])).toEqual([scanned[0]])
    await store.close()
    const raw = new SqliteDriver(join(dir, 'quire.db'))
    const rows = await raw.all<{ metadata: string | null }>(
      'SELECT c.metadata FROM chunks c JOIN documents d ON d.id = c.document_id AND d.chunk_set = c.chunk_set ORDER BY c.idx',
    )
    expect(rows.map((row) => row.metadata)).toEqual(['{"ocr":{"confidence":0.87}}', null])
    await raw.close()
  })
})
