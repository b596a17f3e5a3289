import type { AccountVault, StoredAccount } from '../../core/account/AccountVault'
import type { QuireDatabase } from './QuireDatabase'

const ACCOUNT = 'account'
const LOCAL_USER_ID = 'local_user_id'

/**
 * The account vault in IndexedDB, in the database's `account` table (deleted with everything else by
 * "Clear all data"). The local user id is made in a transaction, so two first reads cannot make two.
 */
export class DexieAccountVault implements AccountVault {
  constructor(private readonly db: QuireDatabase) {}

  async get(): Promise<StoredAccount | undefined> {
    const row = await this.db.account.get(ACCOUNT)
    return row?.value as StoredAccount | undefined
  }

  async put(account: StoredAccount): Promise<void> {
    await this.db.account.put({ key: ACCOUNT, value: account })
  }

  async clear(): Promise<void> {
    await this.db.account.delete(ACCOUNT)
  }

  localUserId(): Promise<string> {
    return this.db.transaction('rw', this.db.account, async () => {
      const row = await this.db.account.get(LOCAL_USER_ID)
      if (typeof row?.value === 'string') return row.value
      const id = crypto.randomUUID()
      await this.db.account.put({ key: LOCAL_USER_ID, value: id })
      return id
    })
  }
}
