import { readdirSync } from 'node:fs'
import { copyFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callJson } from './callJson'
import { createTestCollection } from './createTestCollection'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Server = Awaited<ReturnType<typeof startTestServer>>

/** Every file under `dir`, recursively (the file store's folders). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

const noSpace = (path: string) =>
  Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  })

// A full disk, injected at the file store's writes (no real small filesystem needed): a write or a
// copy puts half of the bytes down, then fails as Node does when the device is full.
describe('a full disk during an upload', () => {
  let server: Server
  let full = false
  /** Uploads copied into the file store from their temporary files (never read into memory first). */
  let copies = 0
  beforeAll(async () => {
    server = await startTestServer({
      writeFile: async (path, bytes) => {
        if (!full) return writeFile(path, bytes)
        await writeFile(path, bytes.subarray(0, bytes.length >> 1))
        throw noSpace(path)
      },
      copyFile: async (from, to) => {
        copies++
        if (!full) return copyFile(from, to)
        await writeFile(to, 'half of it')
        throw noSpace(to)
      },
    })
  })
  afterAll(() => server?.stop())

  const upload = (collectionId: string, name: string, text: string) => {
    const form = new FormData()
    form.set('collection_id', collectionId)
    form.set('file', new Blob([text], { type: 'text/markdown' }), name)
    return fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
  }

  it('answers 507 saying what to do, and what was stored stays readable', async () => {
    const collection = await createTestCollection(server.url, 'Harbour', 'Logs')
    const kept = await upload(collection, 'kept.md', '# Kept\n\nThe keeper logs the schooner Albatross.')
    expect(kept.status).toBe(201)
    const keptId = ((await kept.json()) as { id: string }).id
    await expect
      .poll(async () => (await callJson(server.url, 'GET', `/api/documents/${keptId}`)).body.status, {
        timeout: scaledTimeout(30_000),
      })
      .toBe('completed')
    const filesDir = join(server.dataDir, 'files')
    // The completed document's passages are stored as a blob just after: that write is over first.
    await server.idle()
    const before = filesUnder(filesDir).sort()

    full = true
    const copiesBefore = copies
    const refused = await upload(collection, 'lost.md', '# Lost\n\nThe brigantine Pelican never arrived.')
    expect(refused.status).toBe(507)
    expect(copies).toBe(copiesBefore + 1)
    const detail = ((await refused.json()) as { detail: string }).detail
    expect(detail).toMatch(/storage is full.*not stored.*kept.*free disk space/)
    expect(detail).not.toContain(server.dataDir)
    // No half-written file, under its key or a temporary name; no document row for the refused upload.
    expect(filesUnder(filesDir).sort()).toEqual(before)
    const documents = await callJson(server.url, 'GET', `/api/documents/?collection_id=${collection}`)
    expect((documents.body as unknown as Array<{ id: string }>).map((d) => d.id)).toEqual([keptId])

    // What was there is still readable while the disk is full: the file and the search.
    const file = await fetch(`${server.url}/api/documents/${keptId}/file`)
    expect(await file.text()).toContain('Albatross')
    const found = await callJson(server.url, 'POST', '/api/search_u/', { query: 'schooner Albatross' })
    expect((found.body.chunks as Array<{ content: string }>)[0]?.content).toContain('Albatross')

    // Space freed: the same upload goes through.
    full = false
    expect(
      (await upload(collection, 'lost.md', '# Lost\n\nThe brigantine Pelican never arrived.')).status,
    ).toBe(201)
  })
})
