import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
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
