import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { createTestCollection } from './createTestCollection'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../', import.meta.url)))
const top = mkdtempSync(join(tmpdir(), 'quire-follow-'))

// `/api/collections/{id}/folder` over HTTP, with FOLDER_ROOTS giving each person a root of their own.
describe('following a folder on the server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let alice: TestUser
  let bob: TestUser
  let collection: string
  const call = async (user: TestUser, method: string, path: string, json?: unknown) => {
    const response = await fetch(server.url + path, {
      method,
      headers: { ...user.auth, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    })
    return { status: response.status, body: response.status === 204 ? undefined : await response.json() }
  }

  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      config: { folderRoots: [join(top, 'people', '{user}')] },
    })
    alice = await signUpForTest(server.url, 'alice')
    bob = await signUpForTest(server.url, 'bob')
    for (const user of [alice, bob]) mkdirSync(join(top, 'people', user.id, 'notes'), { recursive: true })
    mkdirSync(join(top, 'outside'))
    symlinkSync(join(top, 'outside'), join(top, 'people', alice.id, 'out'))
    copyFileSync(`${corpus}/md/ollama__api.md`, join(top, 'people', alice.id, 'notes', 'ollama.md'))
    writeFileSync(join(top, 'people', alice.id, 'notes', 'song.mp3'), 'ID3 not a document')
    collection = await createTestCollection(server.url, 'Notes', 'Kept notes', alice.auth)
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(top, { recursive: true, force: true })
  })

  it('follows a folder in the person’s root, reports each file, and checks it again on request', async () => {
    const followed = await call(alice, 'PUT', `/api/collections/${collection}/folder`, {
      path: join(top, 'people', alice.id, 'notes'),
    })
    expect(followed.status).toBe(200)
    expect(followed.body).toMatchObject({
      state: 'ok',
      skipped: [{ path: 'song.mp3', reason: 'unsupported file type' }],
      files: [{ path: 'ollama.md' }],
    })
    writeFileSync(join(top, 'people', alice.id, 'notes', 'wren.md'), '# Wren\n\nThe wren sings from hedges.')
    const checked = await call(alice, 'POST', `/api/collections/${collection}/folder/check`)
    expect(checked.status).toBe(200)
    expect(checked.body).toMatchObject({ changes: { added: 1, unchanged: 1 } })
    const status = await call(alice, 'GET', `/api/collections/${collection}/folder`)
    expect((status.body as { files: { path: string }[] }).files.map((f) => f.path)).toEqual([
      'ollama.md',
      'wren.md',
    ])
    expect((await call(alice, 'DELETE', `/api/collections/${collection}/folder`)).status).toBe(204)
    expect((await call(alice, 'GET', `/api/collections/${collection}/folder`)).status).toBe(404)
  })

  it('carries the folder’s facts on the collection and each document, and says when the folder is missing', async () => {
    const notes = join(top, 'people', alice.id, 'facts')
    mkdirSync(notes)
    copyFileSync(`${corpus}/md/ollama__api.md`, join(notes, 'ollama.md'))
    writeFileSync(join(notes, 'broken.pdf'), 'not a PDF at all')
    writeFileSync(join(notes, 'song.mp3'), 'ID3 not a document')
    const facts = await createTestCollection(server.url, 'Facts', 'Followed facts', alice.auth)
    const other = await createTestCollection(server.url, 'Plain', 'No folder', alice.auth)
    expect((await call(alice, 'PUT', `/api/collections/${facts}/folder`, { path: notes })).status).toBe(200)
    const settled = async () => {
      for (let tries = 0; tries < 300; tries++) {
        const list = await call(alice, 'GET', `/api/documents/?collection_id=${facts}`)
        const documents = list.body as { status: string }[]
        if (documents.length === 2 && documents.every((d) => d.status !== 'processing')) return list
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error('the folder’s documents were not processed')
    }
    const listed = await settled()
    expect(listed.status).toBe(200)
    const byPath = new Map(
      (listed.body as { id: string; folder_file: { path: string } }[]).map((d) => [d.folder_file.path, d]),
    )
    expect(byPath.get('ollama.md')).toMatchObject({ folder_file: { path: 'ollama.md', state: 'in_step' } })
    expect(byPath.get('broken.pdf')).toMatchObject({
      folder_file: { path: 'broken.pdf', state: 'failed', reason: expect.any(String) },
    })
    const one = await call(alice, 'GET', `/api/documents/${byPath.get('ollama.md')!.id}`)
    expect(one.body).toMatchObject({ folder_file: { path: 'ollama.md', state: 'in_step' } })

    const collection = await call(alice, 'GET', `/api/collections/${facts}`)
    expect(collection.status).toBe(200)
    expect(collection.body).toMatchObject({
      id: facts,
      document_count: 2,
      folder: {
        folder: notes,
        state: 'ok',
        last_checked_at: expect.any(String),
        skipped: [{ path: 'song.mp3', reason: 'unsupported file type' }],
        files: [
          { path: 'broken.pdf', state: 'failed', reason: expect.any(String) },
          { path: 'ollama.md', state: 'in_step', document_id: byPath.get('ollama.md')!.id },
        ],
      },
    })
    expect((await call(alice, 'GET', `/api/collections/${other}`)).body).not.toHaveProperty('folder')
    const everyone = (await call(alice, 'GET', '/api/documents/')).body as { id: string }[]
    expect(everyone.find((d) => d.id === byPath.get('ollama.md')!.id)).toMatchObject({
      folder_file: { path: 'ollama.md', state: 'in_step' },
    })

    // An unplugged drive: the folder is gone, the collection keeps its documents and says so.
    renameSync(notes, `${notes}-away`)
    expect((await call(alice, 'POST', `/api/collections/${facts}/folder/check`)).status).toBe(200)
    const missing = await call(alice, 'GET', `/api/collections/${facts}`)
    expect(missing.body).toMatchObject({ document_count: 2, folder: { state: 'missing' } })
    expect(
      ((await call(alice, 'GET', `/api/documents/?collection_id=${facts}`)).body as unknown[]).length,
    ).toBe(2)
    renameSync(`${notes}-away`, notes)
  })

  it('tells each person the roots they may follow a folder inside', async () => {
    expect(await call(alice, 'GET', '/api/folders/roots')).toEqual({
      status: 200,
      body: { roots: [join(top, 'people', alice.id)] },
    })
    expect((await call(bob, 'GET', '/api/folders/roots')).body).toEqual({
      roots: [join(top, 'people', bob.id)],
    })
  })

  it('refuses "..", a relative path, a path outside, a link out of the root and another person’s root', async () => {
    const follow = (path: string) => call(alice, 'PUT', `/api/collections/${collection}/folder`, { path })
    const mine = join(top, 'people', alice.id)
    expect(await follow(`${mine}/../${bob.id}/notes`)).toEqual({
      status: 400,
      body: { detail: 'path: must not contain ".."' },
    })
    expect((await follow('notes')).status).toBe(400)
    expect((await follow('/etc')).status).toBe(403)
    expect((await follow(join(mine, 'out'))).status).toBe(403)
    expect((await follow(join(top, 'people', bob.id, 'notes'))).status).toBe(403)
    expect((await follow('')).status).toBe(400)
    expect((await call(alice, 'PUT', `/api/collections/${collection}/folder`, { path: 7 })).status).toBe(400)
    expect((await call(bob, 'PUT', `/api/collections/${collection}/folder`, { path: mine })).status).toBe(404)
  })
})
