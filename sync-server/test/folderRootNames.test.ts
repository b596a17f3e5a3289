import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCollection } from './createTestCollection'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

const top = mkdtempSync(join(tmpdir(), 'quire-root-names-'))

// FOLDER_ROOTS naming people by what an operator knows before they sign up: `{username}` and `{email}`,
// over HTTP. The folders are made before anyone has an account, as an operator would.
describe('person roots by username and email', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let alice: TestUser
  let bob: TestUser
  const byName = join(top, 'by-name')
  const byMail = join(top, 'by-mail')
  const call = async (user: TestUser, method: string, path: string, json?: unknown, token?: string) => {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : user.auth),
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: json !== undefined ? JSON.stringify(json) : undefined,
    })
    return { status: response.status, body: response.status === 204 ? undefined : await response.json() }
  }
  const follow = async (user: TestUser, collection: string, path: string) =>
    (await call(user, 'PUT', `/api/collections/${collection}/folder`, { path })).status

  beforeAll(async () => {
    for (const folder of [
      join(byName, 'alice_roots', 'notes'),
      join(byName, 'bob_roots', 'notes'),
      join(byName, 'ada.renamed', 'notes'),
      join(byMail, 'alice_roots@example.com', 'mail'),
    ]) {
      mkdirSync(folder, { recursive: true })
      writeFileSync(join(folder, 'wren.md'), '# Wren\n\nThe wren sings from hedges.')
    }
    server = await startTestServer({
      accounts: true,
      config: { folderRoots: [join(byName, '{username}'), join(byMail, '{email}')] },
    })
    // Mixed case: usernames are one account whatever their case, and the folder is the folded name.
    alice = await signUpForTest(server.url, 'Alice_Roots')
    bob = await signUpForTest(server.url, 'bob_roots')
  })
  afterAll(async () => {
    await server?.stop()
    rmSync(top, { recursive: true, force: true })
  })

  it('lists each person’s roots by their folded username and email, and lets them follow inside only their own', async () => {
    const roots = await call(alice, 'GET', '/api/folders/roots')
    expect(roots).toEqual({
      status: 200,
      body: { roots: [join(byName, 'alice_roots'), join(byMail, 'alice_roots@example.com')] },
    })
    const collection = await createTestCollection(server.url, 'Notes', 'By name', alice.auth)
    expect(await follow(alice, collection, join(byName, 'alice_roots', 'notes'))).toBe(200)
    const status = await call(alice, 'GET', `/api/collections/${collection}/folder`)
    expect(status.body).toMatchObject({ state: 'ok', files: [{ path: 'wren.md' }] })
    const mail = await createTestCollection(server.url, 'Mail', 'By email', alice.auth)
    expect(await follow(alice, mail, join(byMail, 'alice_roots@example.com', 'mail'))).toBe(200)
    // Bob's root is not Alice's, nor hers his.
    const bobs = await createTestCollection(server.url, 'Bob', 'Not his', bob.auth)
    expect(await follow(bob, bobs, join(byName, 'alice_roots', 'notes'))).toBe(403)
    expect(await follow(bob, bobs, join(byMail, 'alice_roots@example.com', 'mail'))).toBe(403)
    expect(await follow(alice, collection, join(byName, 'bob_roots', 'notes'))).toBe(403)
  })

  it('moves a {username} root with the username, and a hostile email stays one folder name', async () => {
    const renamed = await call(
      alice,
      'PUT',
      '/api/v1/auth/profile/username',
      { username: 'Ada.Renamed' },
      alice.access_token,
    )
    expect(renamed.status).toBe(200)
    const roots = (await call(alice, 'GET', '/api/folders/roots')).body as { roots: string[] }
    expect(roots.roots[0]).toBe(join(byName, 'ada.renamed'))
    const collection = await createTestCollection(server.url, 'Renamed', 'New root', alice.auth)
    expect(await follow(alice, collection, join(byName, 'alice_roots', 'notes'))).toBe(403)
    expect(await follow(alice, collection, join(byName, 'ada.renamed', 'notes'))).toBe(200)

    // The email rules let '/', '..' and control characters through: the root is still one name below by-mail.
    const register = await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'mallory',
        email: '../../by-name/bob_roots@x',
        password: 'mallory long pass',
      }),
    })
    expect(register.status).toBe(201)
    const login = await fetch(`${server.url}/api/v1/auth/login?include_tokens=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: '../../by-name/bob_roots@x', password: 'mallory long pass' }),
    })
    const { access_token } = (await login.json()) as { access_token: string }
    const mallory = { ...bob, auth: { authorization: `Bearer ${access_token}` } }
    const theirs = (await call(mallory, 'GET', '/api/folders/roots')).body as { roots: string[] }
    expect(theirs.roots).toEqual([join(byName, 'mallory'), join(byMail, '%2e.%2f..%2fby-name%2fbob_roots@x')])
    const stolen = await createTestCollection(server.url, 'Stolen', 'Not theirs', mallory.auth)
    expect(await follow(mallory, stolen, join(byName, 'bob_roots', 'notes'))).toBe(403)
  })
})
