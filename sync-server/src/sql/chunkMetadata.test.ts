import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { newChunk, newCollection, newDocument } from '../../../web/core/store/conformance/fixtures'
import { migrate, migrations } from './migrations'
import { openSqlStore } from './openSqlStore'
import { toChunkParams } from './rows'
import { SqliteDriver } from './SqliteDriver'

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
    const collection = newCollection()
    await driver.run(
      'INSERT INTO collections (id, name, description, color, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [
        collection.id,
        collection.name,
        collection.description,
        collection.color,
        collection.created_at,
        collection.updated_at,
      ],
    )
    const document = newDocument(collection.id)
    await driver.run(
      `INSERT INTO documents (id, collection_id, filename, original_filename, file_path, file_size, document_type,
        status, created_at, metadata) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '{}')`,
      [
        document.id,
        collection.id,
        document.filename,
        document.original_filename,
        document.file_path,
        document.file_size,
        document.document_type,
        document.status,
        document.created_at,
      ],
    )
    const old = newChunk(document, 0)
    await driver.run(
      'INSERT INTO chunks (id, document_id, collection_id, idx, text, page, heading, token_count, embedder, vector) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      toChunkParams(old),
    )
    await driver.close()

    const store = await openSqlStore(dir)
    const [read] = await store.listChunks({ documentId: document.id })
    expect(read).toEqual(old)
    expect(read && 'ocr' in read).toBe(false)

    const scanned = [newChunk(document, 0, { ocr: { confidence: 0.87 } }), newChunk(document, 1)]
    await store.replaceChunks(document.id, scanned)
    expect(await store.getChunks([scanned[0]!.id])).toEqual([scanned[0]])
    await store.close()
    const raw = new SqliteDriver(join(dir, 'quire.db'))
    const rows = await raw.all<{ metadata: string | null }>(
      'SELECT c.metadata FROM chunks c JOIN documents d ON d.id = c.document_id AND d.chunk_set = c.chunk_set ORDER BY c.idx',
    )
    expect(rows.map((row) => row.metadata)).toEqual(['{"ocr":{"confidence":0.87}}', null])
    await raw.close()
  })
})
