import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import type { StoredAccount } from '../../core/account/AccountVault'
import { DexieAccountVault } from './DexieAccountVault'
import { QuireDatabase } from './QuireDatabase'

const account: StoredAccount = {
  server_url: 'https://quire.example.com',
  user: {
    id: '7d0c1f5e-4b43-4a38-9d0f-2f4a1b1f7c01',
    username: 'ada',
    email: 'ada@example.com',
    full_name: null,
    profile_picture: null,
    is_active: true,
    is_verified: false,
  },
  access_token: 'access',
  refresh_token: 'refresh',
  access_expires_at: 1_700_000_900_000,
  signed_in_at: 1_700_000_000_000,
}

describe('DexieAccountVault (fake-indexeddb)', () => {
  it('keeps the account across reopening, and clear forgets it but not the local user id', async () => {
    const indexedDB = new IDBFactory()
    const open = () =>
      new DexieAccountVault(new QuireDatabase('quire-account-test', { indexedDB, IDBKeyRange }))
    const vault = open()
    expect(await vault.get()).toBeUndefined()
    const [first, second] = await Promise.all([vault.localUserId(), vault.localUserId()])
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).toBe(first)

    await vault.put(account)
    const reopened = open()
    expect(await reopened.get()).toEqual(account)
    expect(await reopened.localUserId()).toBe(first)

    await reopened.put({ ...account, refresh_token: 'rotated' })
    expect((await open().get())?.refresh_token).toBe('rotated')

    await reopened.clear()
    expect(await open().get()).toBeUndefined()
    expect(await open().localUserId()).toBe(first)
  })
})
