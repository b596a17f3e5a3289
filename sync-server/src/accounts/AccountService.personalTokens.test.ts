import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { migrate } from '../sql/migrations'
import { SqliteDriver } from '../sql/SqliteDriver'
import { AccountService } from './AccountService'
import { accountsMigration } from './accountsMigration'
import { generatePersonalToken } from './personalTokens'
import { tokenOrderMigration } from './tokenOrderMigration'
import { tokenScopeMigration } from './tokenScopeMigration'
import type { UserView } from './accountSchemas'
import { testSqlDialects } from '../../test/postgres/testSqlDialects'
import type { AccountServiceOptions } from './AccountService'
import { openTestAccounts as openOnSqlite, type TestAccounts } from './openTestAccounts'

for (const dialect of testSqlDialects()) {
  const openTestAccounts = async (options: Partial<AccountServiceOptions> = {}) =>
    openOnSqlite(options, (await dialect.fresh()).connect)

  describe(`AccountService personal access tokens (${dialect.name})`, () => {
    let t: TestAccounts
    let ada: UserView
    let grace: UserView
    beforeEach(async () => {
      t = await openTestAccounts()
      ada = await t.accounts.register({
        username: 'ada',
        email: 'ada@example.org',
        password: 'analytical-engine',
      })
      grace = await t.accounts.register({
        username: 'grace',
        email: 'grace@example.org',
        password: 'compiler-1952',
      })
    })
    afterEach(() => t.close())

    it('shows the token once, stores only its hash, and lists it without the token', async () => {
      const created = await t.accounts.createPersonalToken(ada.id, { name: '  backup script ' })
      expect(created.token).toMatch(/^qpat_[A-Za-z0-9_-]{43}$/)
      expect(created).toMatchObject({
        name: 'backup script',
        prefix: created.token.slice(0, 12),
        expires_at: null,
      })
      const stored = await t.driver.all<{ token_hash: string }>(
        'SELECT token_hash FROM personal_access_tokens',
      )
      expect(stored).toHaveLength(1)
      expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(stored)).not.toContain(created.token.slice(5))

      const listed = await t.accounts.listPersonalTokens(ada.id)
      expect(listed).toEqual([
        {
          id: created.id,
          name: 'backup script',
          scope: 'full',
          prefix: created.prefix,
          created_at: created.created_at,
          expires_at: null,
          last_used_at: null,
        },
      ])
      expect(await t.accounts.listPersonalTokens(grace.id)).toEqual([])
    })

    it('lists newest first', async () => {
      const older = await t.accounts.createPersonalToken(ada.id, { name: 'older' })
      const sameMoment = await t.accounts.createPersonalToken(ada.id, { name: 'same moment' })
      t.clock.ms += 1000
      const newer = await t.accounts.createPersonalToken(ada.id, { name: 'newer' })
      expect((await t.accounts.listPersonalTokens(ada.id)).map((token) => token.id)).toEqual([
        newer.id,
        sameMoment.id,
        older.id,
      ])
    })

    it('authenticates as a bearer and records use at most once a minute', async () => {
      const { token, id } = await t.accounts.createPersonalToken(ada.id, { name: 'cli' })
      expect(await t.accounts.authenticateBearer(token)).toEqual({
        user: ada,
        tokenId: id,
        scope: 'full',
        via: 'pat',
      })
      const firstUse = (await t.accounts.listPersonalTokens(ada.id))[0]?.last_used_at
      expect(firstUse).toBe(new Date(t.clock.ms).toISOString())
      t.clock.ms += 30_000
      await t.accounts.authenticateBearer(token)
      expect((await t.accounts.listPersonalTokens(ada.id))[0]?.last_used_at).toBe(firstUse)
      t.clock.ms += 30_000
      await t.accounts.authenticateBearer(token)
      expect((await t.accounts.listPersonalTokens(ada.id))[0]?.last_used_at).toBe(
        new Date(t.clock.ms).toISOString(),
      )
    })

    it('refuses unknown, malformed and altered tokens', async () => {
      const { token } = await t.accounts.createPersonalToken(ada.id, { name: 'cli' })
      const altered = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21)
      for (const candidate of [altered, `${token}x`, token.slice(0, -1), 'qpat_', `qpat_${'!'.repeat(43)}`]) {
        expect(await t.accounts.authenticateBearer(candidate)).toBeUndefined()
      }
      // Without the prefix it is not a personal token and not a JWT either.
      expect(await t.accounts.authenticateBearer(token.slice(5))).toBeUndefined()
    })

    it('expires at its expiry and refuses an expiry that is not in the future', async () => {
      const expiresAt = new Date(t.clock.ms + 3_600_000).toISOString()
      const { token, expires_at } = await t.accounts.createPersonalToken(ada.id, {
        name: 'temp',
        expires_at: expiresAt,
      })
      expect(expires_at).toBe(expiresAt)
      t.clock.ms += 3_599_000
      expect(await t.accounts.authenticatePersonalToken(token)).toBeDefined()
      t.clock.ms += 1000
      expect(await t.accounts.authenticatePersonalToken(token)).toBeUndefined()

      const past = new Date(t.clock.ms - 1).toISOString()
      for (const expiry of [past, 'next tuesday']) {
        await expect(
          t.accounts.createPersonalToken(ada.id, { name: 'x', expires_at: expiry }),
        ).rejects.toMatchObject({
          status: 422,
          detail: [{ loc: ['body', 'expires_at'] }],
        })
      }
      await expect(t.accounts.createPersonalToken(ada.id, { name: '   ' })).rejects.toMatchObject({
        status: 422,
      })
    })

    it('deletes only the owner’s tokens; another user’s id answers 404 like an unknown one', async () => {
      const mine = await t.accounts.createPersonalToken(ada.id, { name: 'mine' })
      const theirs = await t.accounts.createPersonalToken(grace.id, { name: 'theirs' })
      await expect(t.accounts.deletePersonalToken(ada.id, theirs.id)).rejects.toMatchObject({
        status: 404,
        detail: 'Token not found',
      })
      await expect(t.accounts.deletePersonalToken(ada.id, crypto.randomUUID())).rejects.toMatchObject({
        status: 404,
      })
      expect(await t.accounts.authenticateBearer(theirs.token)).toMatchObject({ user: grace })

      await t.accounts.deletePersonalToken(ada.id, mine.id)
      expect(await t.accounts.authenticateBearer(mine.token)).toBeUndefined()
      expect(await t.accounts.listPersonalTokens(ada.id)).toEqual([])
      await expect(t.accounts.deletePersonalToken(ada.id, mine.id)).rejects.toMatchObject({ status: 404 })
    })

    it('is revoked by a password change unless kept, and by a disabled or deleted account', async () => {
      const { token } = await t.accounts.createPersonalToken(ada.id, { name: 'cli' })
      const { token: other } = await t.accounts.createPersonalToken(grace.id, { name: 'cli' })
      await t.accounts.changePassword(ada.id, undefined, 'analytical-engine', 'difference-engine', {
        revokeTokens: false,
      })
      expect(await t.accounts.authenticateBearer(token)).toBeDefined()
      await t.accounts.changePassword(ada.id, undefined, 'difference-engine', 'analytical-engine')
      expect(await t.accounts.authenticateBearer(token)).toBeUndefined()
      expect(await t.accounts.authenticateBearer(other)).toBeDefined()
      const { token: again } = await t.accounts.createPersonalToken(ada.id, { name: 'cli', scope: 'read' })
      expect(await t.accounts.authenticateBearer(again)).toMatchObject({ scope: 'read' })
      const token2 = again
      await t.driver.run('UPDATE users SET is_active = 0 WHERE id = ?', [ada.id])
      expect(await t.accounts.authenticateBearer(token2)).toBeUndefined()
      await t.driver.run('DELETE FROM users WHERE id = ?', [ada.id])
      expect(await t.driver.all('SELECT id FROM personal_access_tokens WHERE user_id = ?', [ada.id])).toEqual(
        [],
      )
    })
  })
}

describe('personal access tokens stored before scopes existed', () => {
  it('keep working as full tokens once the scope migration has run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-token-scope-'))
    const driver = new SqliteDriver(join(dir, 'central.db'))
    try {
      await migrate(driver, [accountsMigration, tokenOrderMigration])
      const now = '2030-01-01T00:00:00.000Z'
      await driver.run(
        `INSERT INTO users (id, username, email, password_hash, is_active, is_verified, created_at, updated_at)
          VALUES ('u1', 'old', 'old@example.org', 'x', 1, 0, ?, ?)`,
        [now, now],
      )
      const { token, hash, prefix } = generatePersonalToken()
      await driver.run(
        `INSERT INTO personal_access_tokens (id, user_id, name, token_hash, prefix, created_at)
          VALUES ('t1', 'u1', 'old script', ?, ?, ?)`,
        [hash, prefix, now],
      )
      await migrate(driver, [accountsMigration, tokenOrderMigration, tokenScopeMigration])
      const accounts = new AccountService(driver, { key: Buffer.from('test-key-'.repeat(6)) })
      expect(await accounts.authenticateBearer(token)).toMatchObject({ tokenId: 't1', scope: 'full' })
      expect(await accounts.listPersonalTokens('u1')).toMatchObject([{ id: 't1', scope: 'full' }])
    } finally {
      await driver.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
