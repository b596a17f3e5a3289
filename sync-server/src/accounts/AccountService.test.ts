import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AccountService } from './AccountService'
import { signAccessToken } from './jwtTokens'
import { testSqlDialects } from '../../test/postgres/testSqlDialects'
import type { AccountServiceOptions } from './AccountService'
import { openTestAccounts as openOnSqlite, type TestAccounts } from './openTestAccounts'

const ada = { username: 'ada', email: 'Ada@Example.org', password: 'analytical-engine' }
const REUSE = 'Refresh token reuse detected; signed out everywhere this session was used'
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

for (const dialect of testSqlDialects()) {
  const openTestAccounts = async (options: Partial<AccountServiceOptions> = {}) =>
    openOnSqlite(options, (await dialect.fresh()).connect)

  describe(`AccountService (${dialect.name})`, () => {
    let t: TestAccounts
    let accounts: AccountService
    beforeEach(async () => {
      t = await openTestAccounts()
      accounts = t.accounts
    })
    afterEach(() => t.close())

    describe('register', () => {
      it('answers exactly the UserResponse fields, unverified, email trimmed and lowercased', async () => {
        const user = await accounts.register({
          ...ada,
          email: '  Ada@Example.org ',
          full_name: 'Ada Lovelace',
        })
        expect(Object.keys(user).sort()).toEqual(
          ['email', 'full_name', 'id', 'is_active', 'is_verified', 'profile_picture', 'username'].sort(),
        )
        expect(user).toMatchObject({
          username: 'ada',
          email: 'ada@example.org',
          full_name: 'Ada Lovelace',
          profile_picture: null,
          is_active: true,
          is_verified: false,
        })
        expect(user.id).toMatch(/^[0-9a-f-]{36}$/)
        expect(await accounts.me(user.id)).toEqual(user)
      })

      it('answers a taken email (any case) as a new account, storing nothing; a taken username is 409', async () => {
        const first = await accounts.register(ada)
        const again = await accounts.register({
          ...ada,
          username: 'other',
          email: 'ADA@example.ORG',
          password: 'another password',
        })
        expect(again).toEqual({ ...first, id: again.id, username: 'other' })
        expect(again.id).not.toBe(first.id)
        await expect(accounts.me(again.id)).rejects.toMatchObject({ status: 404 })
        await expect(accounts.login(ada.email, 'another password')).rejects.toMatchObject({ status: 401 })
        expect((await accounts.login(ada.email, ada.password)).user.id).toBe(first.id)
        await expect(
          accounts.register({ ...ada, username: 'ADA', email: 'new@example.org' }),
        ).rejects.toMatchObject({
          status: 409,
          detail: 'Username already taken',
        })
      })

      it('refuses weak passwords and bad usernames with 422 naming the field', async () => {
        await expect(accounts.register({ ...ada, password: 'short' })).rejects.toMatchObject({
          status: 422,
          detail: [{ loc: ['body', 'password'], type: 'value_error' }],
        })
        await expect(accounts.register({ ...ada, password: 'x'.repeat(257) })).rejects.toMatchObject({
          status: 422,
        })
        for (const username of ['ab', 'has space', 'x'.repeat(51), 'semi;colon']) {
          await expect(accounts.register({ ...ada, username })).rejects.toMatchObject({
            status: 422,
            detail: [{ loc: ['body', 'username'] }],
          })
        }
        await expect(accounts.register({ ...ada, email: 'not-an-email' })).rejects.toMatchObject({
          status: 422,
          detail: [{ loc: ['body', 'email'] }],
        })
        // Nothing was stored by the refused attempts.
        expect((await accounts.register(ada)).username).toBe('ada')
      })
    })

    describe('login and access tokens', () => {
      it('logs in with any case of the email and authenticates the access token', async () => {
        const user = await accounts.register(ada)
        const issued = await accounts.login('  ADA@example.org', ada.password, {
          userAgent: 'test',
          ip: '127.0.0.1',
        })
        expect(issued).toMatchObject({ user, expires_in: 900, refresh_expires_in: 2_592_000 })
        const principal = await accounts.authenticateAccess(issued.access_token)
        expect(principal).toEqual({ user, sessionId: issued.session_id, via: 'session' })
        expect(await accounts.authenticateBearer(issued.access_token)).toEqual(principal)
        const session = await t.driver.get('SELECT user_agent, ip FROM auth_sessions WHERE id = ?', [
          issued.session_id,
        ])
        expect(session).toEqual({ user_agent: 'test', ip: '127.0.0.1' })
      })

      it('answers a wrong password and an unknown email with the same 401', async () => {
        await accounts.register(ada)
        const wrong = { status: 401, detail: 'Incorrect email or password' }
        await expect(accounts.login(ada.email, 'analytical-enginE')).rejects.toMatchObject(wrong)
        await expect(accounts.login('nobody@example.org', ada.password)).rejects.toMatchObject(wrong)
      })

      it('refuses an inactive user at login and on every token', async () => {
        const user = await accounts.register(ada)
        const issued = await accounts.login(ada.email, ada.password)
        await t.driver.run('UPDATE users SET is_active = 0 WHERE id = ?', [user.id])
        await expect(accounts.login(ada.email, ada.password)).rejects.toMatchObject({ status: 401 })
        expect(await accounts.authenticateAccess(issued.access_token)).toBeUndefined()
        await expect(accounts.refresh(issued.refresh_token)).rejects.toMatchObject({ status: 401 })
      })

      it('refuses expired, tampered, alg none, foreign-key and wrong-kind tokens', async () => {
        await accounts.register(ada)
        const { access_token, refresh_token, user, session_id } = await accounts.login(
          ada.email,
          ada.password,
        )
        const [header, payload, signature] = access_token.split('.') as [string, string, string]
        const flipped = signature.slice(0, 10) + (signature[10] === 'A' ? 'B' : 'A') + signature.slice(11)
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
        const other = await openTestAccounts()
        try {
          const rejected = [
            `${header}.${payload}.${flipped}`,
            `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`,
            `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
            signAccessToken(
              Buffer.from('another-key-'.repeat(4)),
              { sub: user.id, sid: session_id },
              {
                nowMs: t.clock.ms,
                ttlSeconds: 900,
              },
            ),
            refresh_token,
            'garbage',
          ]
          for (const token of rejected) expect(await accounts.authenticateAccess(token)).toBeUndefined()
          // A token from another server (another key) with the same ids is refused too.
          await other.accounts.register(ada)
          const foreign = await other.accounts.login(ada.email, ada.password)
          expect(await accounts.authenticateAccess(foreign.access_token)).toBeUndefined()
        } finally {
          await other.close()
        }
        await expect(accounts.refresh(access_token)).rejects.toMatchObject({ status: 401 })
        t.clock.ms += 901_000
        expect(await accounts.authenticateAccess(access_token)).toBeUndefined()
      })
    })

    describe('refresh', () => {
      it('rotates within the same session', async () => {
        await accounts.register(ada)
        const first = await accounts.login(ada.email, ada.password)
        t.clock.ms += 60_000
        const second = await accounts.refresh(first.refresh_token)
        expect(second.session_id).toBe(first.session_id)
        expect(second.refresh_token).not.toBe(first.refresh_token)
        expect((await accounts.authenticateAccess(second.access_token))?.sessionId).toBe(first.session_id)
        t.clock.ms += 60_000
        const third = await accounts.refresh(second.refresh_token)
        expect(await accounts.authenticateAccess(third.access_token)).toBeDefined()
      })

      it('revokes the whole family when a used refresh token comes back', async () => {
        await accounts.register(ada)
        const first = await accounts.login(ada.email, ada.password)
        const elsewhere = await accounts.login(ada.email, ada.password)
        const second = await accounts.refresh(first.refresh_token)
        await expect(accounts.refresh(first.refresh_token)).rejects.toMatchObject({
          status: 401,
          detail: REUSE,
        })
        await expect(accounts.refresh(second.refresh_token)).rejects.toMatchObject({ status: 401 })
        expect(await accounts.authenticateAccess(second.access_token)).toBeUndefined()
        expect(await accounts.authenticateAccess(first.access_token)).toBeUndefined()
        // Another login of the same user is another family and stays signed in.
        expect(await accounts.authenticateAccess(elsewhere.access_token)).toBeDefined()
        expect(await accounts.refresh(elsewhere.refresh_token)).toBeDefined()
      })

      it('lets only one of two simultaneous refreshes with one token through, and treats the other as reuse', async () => {
        await accounts.register(ada)
        const first = await accounts.login(ada.email, ada.password)
        const outcomes = await Promise.allSettled([
          accounts.refresh(first.refresh_token),
          accounts.refresh(first.refresh_token),
        ])
        const rejected = outcomes.filter((outcome) => outcome.status === 'rejected')
        expect(rejected).toHaveLength(1)
        expect(rejected[0]).toMatchObject({ reason: { status: 401, detail: REUSE } })
        const fulfilled = outcomes.find((outcome) => outcome.status === 'fulfilled')
        if (fulfilled?.status !== 'fulfilled') throw new Error('one refresh should have succeeded')
        expect(await accounts.authenticateAccess(fulfilled.value.access_token)).toBeUndefined()
      })

      it('refuses an expired refresh token', async () => {
        await accounts.register(ada)
        const { refresh_token } = await accounts.login(ada.email, ada.password)
        t.clock.ms += 2_592_001_000
        await expect(accounts.refresh(refresh_token)).rejects.toMatchObject({ status: 401 })
      })

      it('honours configured lifetimes', async () => {
        const short = await openTestAccounts({ accessTtlSeconds: 60, refreshTtlSeconds: 120 })
        try {
          await short.accounts.register(ada)
          const issued = await short.accounts.login(ada.email, ada.password)
          expect(issued).toMatchObject({ expires_in: 60, refresh_expires_in: 120 })
          short.clock.ms += 61_000
          expect(await short.accounts.authenticateAccess(issued.access_token)).toBeUndefined()
          const renewed = await short.accounts.refresh(issued.refresh_token)
          short.clock.ms += 121_000
          await expect(short.accounts.refresh(renewed.refresh_token)).rejects.toMatchObject({ status: 401 })
        } finally {
          await short.close()
        }
      })
    })

    it('logout stops the session’s access and refresh tokens at once', async () => {
      await accounts.register(ada)
      const issued = await accounts.login(ada.email, ada.password)
      await accounts.logout(issued.session_id)
      expect(await accounts.authenticateAccess(issued.access_token)).toBeUndefined()
      await expect(accounts.refresh(issued.refresh_token)).rejects.toMatchObject({ status: 401 })
      await accounts.logout(issued.session_id)
    })

    describe('profile', () => {
      it('changes the username, refusing one another user holds', async () => {
        const user = await accounts.register(ada)
        await accounts.register({ username: 'grace', email: 'grace@example.org', password: 'compiler-1952' })
        await expect(accounts.changeUsername(user.id, 'GRACE')).rejects.toMatchObject({ status: 409 })
        await expect(accounts.changeUsername(user.id, 'x')).rejects.toMatchObject({ status: 422 })
        expect((await accounts.changeUsername(user.id, 'ADA')).username).toBe('ADA')
        expect((await accounts.changeUsername(user.id, 'countess')).username).toBe('countess')
        await expect(
          accounts.register({ ...ada, email: 'x@example.org', username: 'Countess' }),
        ).rejects.toMatchObject({
          status: 409,
        })
      })

      it('changes the password, signing out every other session but the current one', async () => {
        const user = await accounts.register(ada)
        const here = await accounts.login(ada.email, ada.password)
        const there = await accounts.login(ada.email, ada.password)
        await expect(
          accounts.changePassword(user.id, here.session_id, 'wrong-password', 'new-password-1'),
        ).rejects.toMatchObject({
          status: 400,
          detail: 'Current password is incorrect',
        })
        await expect(
          accounts.changePassword(user.id, here.session_id, ada.password, 'short'),
        ).rejects.toMatchObject({
          status: 422,
          detail: [{ loc: ['body', 'new_password'] }],
        })
        await accounts.changePassword(user.id, here.session_id, ada.password, 'new-password-1')
        expect(await accounts.authenticateAccess(here.access_token)).toBeDefined()
        expect(await accounts.authenticateAccess(there.access_token)).toBeUndefined()
        await expect(accounts.refresh(there.refresh_token)).rejects.toMatchObject({ status: 401 })
        expect(await accounts.refresh(here.refresh_token)).toBeDefined()
        await expect(accounts.login(ada.email, ada.password)).rejects.toMatchObject({ status: 401 })
        expect((await accounts.login(ada.email, 'new-password-1')).user.id).toBe(user.id)
      })

      it('answers 404 for a user that is gone, and their tokens stop working', async () => {
        const user = await accounts.register(ada)
        const issued = await accounts.login(ada.email, ada.password)
        await t.driver.run('DELETE FROM users WHERE id = ?', [user.id])
        await expect(accounts.me(user.id)).rejects.toMatchObject({ status: 404 })
        await expect(accounts.changeUsername(user.id, 'someone')).rejects.toMatchObject({ status: 404 })
        expect(await accounts.authenticateAccess(issued.access_token)).toBeUndefined()
        await expect(accounts.refresh(issued.refresh_token)).rejects.toMatchObject({ status: 401 })
      })
    })
  })
}
