import type { AccountUser } from './AccountUser'

/** A sign-in to a sync server, as kept on this device. Timestamps are milliseconds since the epoch. */
export interface StoredAccount {
  /** Normalised by `normaliseServerUrl`: http(s), no trailing slash. */
  server_url: string
  /** The user as the server described it at sign-in. */
  user: AccountUser
  access_token: string
  /** Single use: every refresh rotates it, and sending an old one signs the session out everywhere. */
  refresh_token: string
  /** When the access token stops working, by this device's clock (refreshed ahead of it). */
  access_expires_at: number
  signed_in_at: number
  /**
   * Set when the server refused the refresh token (the session ended or was revoked elsewhere): the
   * account is remembered so the person can sign in again, but no request is sent with its tokens.
   */
  needs_sign_in?: boolean
}

/**
 * Where a host keeps the account's tokens (Dexie in the browser, memory in tests). Tokens are secrets:
 * a vault never hands them to the REST surface; only `SyncAccount` reads them.
 */
export interface AccountVault {
  get(): Promise<StoredAccount | undefined>
  put(account: StoredAccount): Promise<void>
  /** Forgets the account and its tokens. The local user id stays: local data keeps its owner. */
  clear(): Promise<void>
  /** This device's own user id: a UUID made on first use and kept for good. */
  localUserId(): Promise<string>
}
