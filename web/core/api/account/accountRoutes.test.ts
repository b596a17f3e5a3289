import { describe, expect, it } from 'vitest'
import type { ApiPorts } from '../ApiPorts'
import { buildOpenApi } from '../buildOpenApi'
import { invokeRoute } from '../invokeRoute'
import type { Route } from '../Route'
import { routes } from '../routes'
import { systemClock } from '../../kernel/time/Clock'
import { localProfile } from '../../account/AccountUser'
import { accountRoutes } from './accountRoutes'
import { memoryAccountVault } from '../../account/memoryAccountVault'
import type { AccountVault } from '../../account/AccountVault'
import type { LocalDataCounts, LocalDataPort } from '../../account/LocalDataPort'
import { SyncAccount } from '../../account/SyncAccount'

// The routes' own part: mounting, validation style, and what they pass on. Talking to a real sync
// server is SyncAccount.test.ts's.
function route(method: string, path: string): Route {
  const found = accountRoutes.find((r) => r.method === method && r.path === path)
  if (!found) throw new Error(`no route ${method} ${path}`)
  return found
}

function portsWith(account?: SyncAccount): ApiPorts {
  return { account, logError: () => {} } as unknown as ApiPorts
}

const call = (r: Route, ports: ApiPorts, body?: unknown) =>
  invokeRoute(r, { params: {}, query: {}, body }, ports, () => {})

/** Puts a signed-in account, tokens still valid, in the vault. */
function signIn(vault: AccountVault, email: string): Promise<void> {
  return vault.put({
    server_url: 'https://quire.example.com',
    user: { ...localProfile('0b8a4c7e-8c1f-4d55-9c84-3c1f3f0f6a11'), username: 'ada', email },
    access_token: 'a',
    refresh_token: 'r',
    access_expires_at: Date.now() + 3_600_000,
    signed_in_at: Date.now(),
  })
}

/**
 * The host's local data: `waiting` until a choice answers it, `kept` until `merge` sends it; `calls`
 * says what was chosen and sent, in order.
 */
function fakeLocalData(waiting: LocalDataCounts | null, kept: LocalDataCounts | null) {
  const calls: string[] = []
  const port: LocalDataPort = {
    pending: async () => waiting,
    choose: async (choice) => {
      if (!waiting) return false
      calls.push(`choose ${choice}`)
      waiting = null
      return true
    },
    kept: async () => kept,
    sendKept: async () => {
      if (!kept) return false
      calls.push('send kept')
      kept = null
      return true
    },
  }
  return { calls, port }
}

describe('accountRoutes', () => {
  it('answers 404 where the host has no account port (the sync server)', async () => {
    const result = await call(route('get', '/api/v1/auth/me'), portsWith())
    expect(result).toEqual({ status: 404, body: { detail: 'Accounts are not available on this host' } })
  })

  it('answers the local profile and a signed-out state before any sign-in', async () => {
    const vault = memoryAccountVault('0b8a4c7e-8c1f-4d55-9c84-3c1f3f0f6a11')
    const ports = portsWith(new SyncAccount({ vault, clock: systemClock }))
    const me = await call(route('get', '/api/v1/auth/me'), ports)
    expect(me).toEqual({
      status: 200,
      body: {
        id: '0b8a4c7e-8c1f-4d55-9c84-3c1f3f0f6a11',
        username: 'local',
        email: '',
        full_name: 'This device',
        profile_picture: null,
        is_active: true,
        is_verified: true,
      },
    })
    const state = await call(route('get', '/api/v1/account'), ports)
    expect(state.body).toMatchObject({ signed_in: false, needs_sign_in: false, server_url: null, user: null })
  })

  it('validates sign-in bodies with 422 issues, server_url included', async () => {
    const ports = portsWith(new SyncAccount({ vault: memoryAccountVault(), clock: systemClock }))
    const missing = await call(route('post', '/api/v1/account/sign-in'), ports, {
      server_url: 'https://x.example',
    })
    expect(missing.status).toBe(422)
    const badUrl = await call(route('post', '/api/v1/account/sign-in'), ports, {
      server_url: 'not a url',
      email: 'a@example.com',
      password: 'whatever1',
    })
    expect(badUrl.status).toBe(422)
    expect(badUrl.body).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'server_url'] })] })
  })

  it("passes a rate-limited sign-in on as 429 with the server's Retry-After", async () => {
    const limited: typeof fetch = async () =>
      new Response(JSON.stringify({ detail: 'Too many login attempts' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '42' },
      })
    const account = new SyncAccount({ vault: memoryAccountVault(), clock: systemClock, fetch: limited })
    const result = await call(route('post', '/api/v1/account/sign-in'), portsWith(account), {
      server_url: 'https://quire.example.com',
      email: 'a@example.com',
      password: 'whatever1',
    })
    expect(result).toEqual({
      status: 429,
      body: { detail: 'Too many login attempts' },
      headers: { 'Retry-After': '42' },
    })
  })

  it('signs out keeping local data by default, and tells the host which the person chose', async () => {
    const signedOut: boolean[] = []
    const ports = {
      ...portsWith(new SyncAccount({ vault: memoryAccountVault(), clock: systemClock })),
      onSignedOut: async (keep: boolean) => {
        signedOut.push(keep)
      },
    } as ApiPorts
    const signOut = route('post', '/api/v1/account/sign-out')
    const plain = await call(signOut, ports)
    expect(plain.status).toBe(200)
    expect(plain.body).toMatchObject({ signed_in: false })
    expect((await call(signOut, ports, { keep_local_data: true })).status).toBe(200)
    expect((await call(signOut, ports, { keep_local_data: false })).status).toBe(200)
    expect(signedOut).toEqual([true, true, false])
    const invalid = await call(signOut, ports, { keep_local_data: 'no' })
    expect(invalid.status).toBe(422)
    expect(invalid.body).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'keep_local_data'] })] })
    expect(signedOut).toHaveLength(3)
  })

  it('signs out even when the host fails to reset its sync state, and logs why', async () => {
    const vault = memoryAccountVault()
    await signIn(vault, 'a@example.com')
    const offline: typeof fetch = async () => {
      throw new TypeError('Failed to fetch')
    }
    const logged: unknown[] = []
    const ports = {
      account: new SyncAccount({ vault, clock: systemClock, fetch: offline }),
      onSignedOut: async () => {
        throw new Error('outbox busy')
      },
      logError: (error: unknown) => logged.push(error),
    } as unknown as ApiPorts
    const result = await call(route('post', '/api/v1/account/sign-out'), ports, { keep_local_data: false })
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({ signed_in: false, server_url: null })
    expect(logged).toEqual([new Error('outbox busy')])
  })

  it('answers the sign-in’s question about local data: 401 signed out, 422 for a bad choice, 409 with none waiting', async () => {
    const vault = memoryAccountVault()
    const waiting = { collections: 2, documents: 3, chats: 1 }
    const { calls, port } = fakeLocalData(waiting, null)
    const account = new SyncAccount({ vault, clock: systemClock, localData: port })
    const ports = portsWith(account)
    const choose = route('post', '/api/v1/account/local-data')
    expect((await call(choose, ports, { choice: 'merge' })).status).toBe(401)
    // Signed out, no question is shown even if the engine had one.
    expect((await call(route('get', '/api/v1/account'), ports)).body).toMatchObject({ local_data: null })
    await signIn(vault, 'a@x.org')
    expect((await call(route('get', '/api/v1/account'), ports)).body).toMatchObject({ local_data: waiting })
    for (const body of [{}, { choice: 'upload' }, { choice: 'merge', extra: 1 }, 'merge']) {
      const invalid = await call(choose, ports, body)
      expect(invalid.status).toBe(422)
    }
    expect(calls).toEqual([])
    const answered = await call(choose, ports, { choice: 'keep' })
    expect(answered).toMatchObject({ status: 200, body: { signed_in: true, local_data: null } })
    expect(calls).toEqual(['choose keep'])
    const again = await call(choose, ports, { choice: 'discard' })
    expect(again.status).toBe(409)
    expect(calls).toEqual(['choose keep'])
  })

  it('sends what was kept on this device only with `merge` once no question waits, and only then', async () => {
    const vault = memoryAccountVault()
    const keptCounts = { collections: 2, documents: 1, chats: 0 }
    const { calls, port } = fakeLocalData({ collections: 0, documents: 0, chats: 1 }, keptCounts)
    const account = new SyncAccount({ vault, clock: systemClock, localData: port })
    const ports = portsWith(account)
    const choose = route('post', '/api/v1/account/local-data')
    const view = route('get', '/api/v1/account')
    // Signed out: nothing is counted, nothing is sent.
    expect((await call(view, ports)).body).toMatchObject({ local_data: null, kept_local_data: null })
    expect((await call(choose, ports, { choice: 'merge' })).status).toBe(401)
    await signIn(vault, 'a@x.org')
    expect((await call(view, ports)).body).toMatchObject({
      local_data: { chats: 1 },
      kept_local_data: keptCounts,
    })
    // A waiting question is answered first; the kept data stays kept.
    expect(await call(choose, ports, { choice: 'merge' })).toMatchObject({
      status: 200,
      body: { local_data: null, kept_local_data: keptCounts },
    })
    expect(calls).toEqual(['choose merge'])
    // Only `merge` sends kept data; keep and discard have nothing to answer.
    for (const choice of ['keep', 'discard']) {
      const refused = await call(choose, ports, { choice })
      expect(refused.status).toBe(409)
      expect(refused.body).toEqual({
        detail: 'This device has no data waiting for a choice: it syncs already',
      })
    }
    expect(await call(choose, ports, { choice: 'merge' })).toMatchObject({
      status: 200,
      body: { local_data: null, kept_local_data: null },
    })
    expect(calls).toEqual(['choose merge', 'send kept'])
    const nothingLeft = await call(choose, ports, { choice: 'merge' })
    expect(nothingLeft.status).toBe(409)
    expect(nothingLeft.body).toEqual({
      detail:
        'This device has no data waiting for a choice, nor any kept on this device only: it syncs already',
    })
    expect(calls).toEqual(['choose merge', 'send kept'])
  })

  it("joins the shared table in the browser's OpenAPI document without clashing", () => {
    const doc = buildOpenApi([...routes, ...accountRoutes]) as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths['/api/v1/auth/me'] ?? {})).toEqual(['get'])
    expect(doc.paths['/api/v1/account/sign-in']).toHaveProperty('post')
    const ids = [...routes, ...accountRoutes].map((r) => r.operationId)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
