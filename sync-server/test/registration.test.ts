import { afterEach, describe, expect, it } from 'vitest'
import type { Registration } from '../src/auth/registration'
import { startTestServer } from './startTestServer'
import { ApiError } from '../../web/core/kernel/ApiError'
import { memoryAccountVault } from '../../web/core/account/memoryAccountVault'
import { SyncAccount } from '../../web/core/account/SyncAccount'
import { systemClock } from '../../web/core/kernel/time/Clock'

const INVITE = 'a3f1c0d2e4b5968778695a4b3c2d1e0f'

/** Registers `name` over HTTP, with `invite_token` when given; answers status and detail. */
async function register(url: string, name: string, invite_token?: string) {
  const response = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: name,
      email: `${name}@example.com`,
      password: 'a long passphrase',
      invite_token,
    }),
  })
  const body = (await response.json()) as { detail?: string; username?: string }
  return { status: response.status, detail: body.detail, username: body.username }
}

// The operator decides who may make an account (REGISTRATION), on a real server over HTTP.
describe('registration', () => {
  let stop: (() => Promise<void>) | undefined
  afterEach(async () => {
    await stop?.()
    stop = undefined
  })
  const serve = async (registration: Registration) => {
    const server = await startTestServer({ accounts: true, config: { registration } })
    stop = () => server.stop()
    return server.url
  }

  it('closed: every registration answers 403 saying so, and no account is made', async () => {
    const url = await serve({ mode: 'closed' })
    const refused = await register(url, 'mallory', INVITE)
    expect(refused).toMatchObject({ status: 403, detail: expect.stringMatching(/Registration is closed/) })
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'mallory@example.com', password: 'a long passphrase' }),
    })
    expect(login.status).toBe(401)
  })

  it('invite: a missing or wrong invite answers 403 saying which; the operator’s token makes the account', async () => {
    const url = await serve({ mode: 'invite', tokens: ['another-token-0123456789', INVITE] })
    expect(await register(url, 'nobody')).toMatchObject({
      status: 403,
      detail: expect.stringMatching(/needs an invite/),
    })
    expect(await register(url, 'guesser', `${INVITE.slice(0, -1)}0`)).toMatchObject({
      status: 403,
      detail: expect.stringMatching(/not valid/),
    })
    expect(await register(url, 'invited', INVITE)).toMatchObject({ status: 201, username: 'invited' })
    // A bad request is still told what is wrong with it first (the platform's 422).
    const malformed = await fetch(`${url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x', invite_token: 42 }),
    })
    expect(malformed.status).toBe(422)
  })

  it('open (the default): anyone registers, with or without an invite_token', async () => {
    const url = await serve({ mode: 'open' })
    expect((await register(url, 'anyone')).status).toBe(201)
    expect((await register(url, 'another', 'whatever')).status).toBe(201)
  })

  it('GET /health says the mode, without a user, so the app asks for an invite only where it is needed', async () => {
    for (const registration of [
      { mode: 'open' },
      { mode: 'closed' },
      { mode: 'invite', tokens: [INVITE] },
    ] satisfies Registration[]) {
      const url = await serve(registration)
      const health = (await (await fetch(`${url}/health`)).json()) as {
        registration?: string
        accounts?: boolean
      }
      expect(health.registration).toBe(registration.mode)
      expect(health.accounts).toBe(true)
      await stop?.()
      stop = undefined
    }
    // A single-user server has no accounts to make.
    const single = await startTestServer({})
    stop = () => single.stop()
    const health = (await (await fetch(`${single.url}/health`)).json()) as {
      registration?: string
      accounts?: boolean
    }
    expect(health.registration).toBe('closed')
    // Nor does it refuse anyone: the app, signed out, may ask it for the person's data.
    expect(health.accounts).toBe(false)
  })

  it('the app’s sign-up (SyncAccount) passes the invite token on; without it the server’s 403 comes back', async () => {
    const url = await serve({ mode: 'invite', tokens: [INVITE] })
    const person = { username: 'guest', email: 'guest@example.com', password: 'a long passphrase' }
    const account = new SyncAccount({ vault: memoryAccountVault(), clock: systemClock })
    const refused = await account.signUp({ server_url: url, ...person }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 403 })
    const signedUp = await account.signUp({ server_url: url, ...person, invite_token: INVITE })
    expect(signedUp.user?.username).toBe('guest')
  })
})
