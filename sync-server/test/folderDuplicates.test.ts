import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCollection } from './createTestCollection'
import { createTestDatabase, type TestDatabase } from './postgres/createTestDatabase'
import { startTestServer } from './startTestServer'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const TIDE = '# Tide table\n\nHigh water at the harbour mouth comes an hour after the moon.'
const KELP = '# Kelp\n\nKelp forests shelter the young fish.'

// Issue 70, item 6: a followed folder skips a file whose content is already in the collection (a copy
// in the folder, or a document uploaded by hand) and says so in the folder's status; it is added once
// the document it repeats is gone. Real server, real folder on disk, SQLite and PostgreSQL.
describe.each([
  { database: 'SQLite', postgres: false },
  { database: 'PostgreSQL', postgres: true },
])('a followed folder with duplicates, on $database', ({ postgres }) => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let database: TestDatabase | undefined
  const top = mkdtempSync(join(tmpdir(), 'quire-folder-dups-'))
  const folder = join(top, 'notes')
  const errors: unknown[] = []
  const call = async (method: string, path: string, json?: unknown) => {
    const response = await fetch(server.url + path, {
      method,
      headers: json !== undefined ? { 'content-type': 'application/json' } : {},
      body: json !== undefined ? JSON.stringify(json) : undefined,
    })
    return {
      status: response.status,
      body: (response.status === 204 ? undefined : await response.json()) as Json,
    }
  }

  beforeAll(async () => {
    database = postgres ? await createTestDatabase() : undefined
    server = await startTestServer({ errors, config: { folderRoots: [top], databaseUrl: database?.url } })
    mkdirSync(folder)
  }, 60_000)
  afterAll(async () => {
    await server?.stop()
    await database?.drop()
    rmSync(top, { recursive: true, force: true })
  })

  it('skips copies in the folder and of uploaded documents, says why, and adds one once the original is gone', async () => {
    const collection = await createTestCollection(server.url, 'Harbour', 'followed')
    const form = new FormData()
    form.append('collection_id', collection)
    form.append('file', new Blob([KELP], { type: 'text/markdown' }), 'kelp uploaded.md')
    const uploaded = await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
    const kelpId = ((await uploaded.json()) as Json).id as string

    writeFileSync(join(folder, 'tide.md'), TIDE)
    writeFileSync(join(folder, 'tide copy.md'), TIDE)
    writeFileSync(join(folder, 'kelp.md'), KELP)
    const followed = await call('PUT', `/api/collections/${collection}/folder`, { path: folder })
    expect(followed.status).toBe(200)
    expect(followed.body.files.map((file: Json) => file.path)).toEqual(['tide copy.md'])
    const tideCopy = followed.body.files[0].document_id as string
    expect(followed.body.skipped).toEqual(
      expect.arrayContaining([
        {
          path: 'kelp.md',
          reason: 'the same content as “kelp uploaded.md”, already in this collection',
          duplicate_of: expect.objectContaining({ document_id: kelpId, size: KELP.length }),
        },
        {
          path: 'tide.md',
          reason: 'the same content as “tide copy.md”, already in this collection',
          duplicate_of: expect.objectContaining({ document_id: tideCopy, size: TIDE.length }),
        },
      ]),
    )
    const documents = (await call('GET', `/api/documents/?collection_id=${collection}`))
      .body as unknown as Json[]
    expect(documents.map((document) => document.original_filename).sort()).toEqual([
      'kelp uploaded.md',
      'tide copy.md',
    ])

    // Checked again: still skipped (unread: planFolderScan.test), nothing added twice; the document
    // renamed since, the reason names it as it is now.
    await call('PATCH', `/api/documents/${tideCopy}`, { original_filename: 'Tide table.md' })
    const again = await call('POST', `/api/collections/${collection}/folder/check`)
    expect(again.body.changes).toMatchObject({ added: 0, skipped: 2 })
    expect(again.body.folder.skipped).toContainEqual(
      expect.objectContaining({
        path: 'tide.md',
        reason: 'the same content as “Tide table.md”, already in this collection',
      }),
    )

    // The uploaded original deleted: the folder's copy is added at the next check.
    expect((await call('DELETE', `/api/documents/${kelpId}`)).status).toBe(204)
    const after = await call('POST', `/api/collections/${collection}/folder/check`)
    expect(after.body.changes).toMatchObject({ added: 1, skipped: 1 })
    expect(after.body.folder.files.map((file: Json) => file.path)).toEqual(['kelp.md', 'tide copy.md'])
    await server.idle()
    expect(errors).toEqual([])
  })
})
