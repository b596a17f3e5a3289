import type { AccountVault, StoredAccount } from './AccountVault'

/** An AccountVault in memory: for tests, and hosts that must not keep tokens across restarts. */
export function memoryAccountVault(localUserId: string = crypto.randomUUID()): AccountVault & {
  /** The stored account as it is now (tests look at rotation without going through the vault's API). */
  peek(): StoredAccount | undefined
} {
  let account: StoredAccount | undefined
  return {
    async get() {
      return account && structuredClone(account)
    },
    async put(next) {
      account = structuredClone(next)
    },
    async clear() {
      account = undefined
    },
    async localUserId() {
      return localUserId
    },
    peek: () => account,
  }
}
