import { requestJson } from '../api/requestJson'

/** The platform API's User, as `/api/v1/auth/me` answers it. */
export interface AccountUser {
  id: string
  username: string
  email: string
  full_name: string | null
  profile_picture: string | null
  is_active: boolean
  is_verified: boolean
}

/** `GET /api/v1/account`: this device's sign-in to a sync server (the in-browser API keeps the tokens). */
export interface AccountView {
  signed_in: boolean
  needs_sign_in: boolean
  server_url: string | null
  user: AccountUser | null
  local_user: AccountUser
  /**
   * Signed in, with this device holding collections, documents or chats the account does not have:
   * sync waits until `chooseLocalData`. Null otherwise.
   */
  local_data: LocalDataCounts | null
  /**
   * Signed in, what was kept on this device only (`keep`) and is here still: it never syncs until
   * `sendKeptData`. Null when there is none.
   */
  kept_local_data: LocalDataCounts | null
}

export interface LocalDataCounts {
  collections: number
  documents: number
  chats: number
}

/** Merge this device's data into the account, keep it on this device only, or discard it. */
export type LocalDataChoice = 'merge' | 'keep' | 'discard'

export interface SignInInput {
  server_url: string
  email: string
  password: string
}

export interface SignUpInput extends SignInInput {
  username: string
  full_name?: string
}

export function getAccount(signal?: AbortSignal): Promise<AccountView> {
  return requestJson<AccountView>('/api/v1/account', { signal })
}

export function signIn(body: SignInInput): Promise<AccountView> {
  return requestJson<AccountView>('/api/v1/account/sign-in', { method: 'POST', body })
}

export function signUp(body: SignUpInput): Promise<AccountView> {
  return requestJson<AccountView>('/api/v1/account/sign-up', { method: 'POST', body })
}

/**
 * Signs out. With `keepLocalData` false the API only stops syncing: deleting this device's data is the
 * caller's next step (`clearLocalData()`, then a reload).
 */
export function signOut(keepLocalData = true): Promise<AccountView> {
  return requestJson<AccountView>('/api/v1/account/sign-out', {
    method: 'POST',
    body: { keep_local_data: keepLocalData },
  })
}

/** Answers the sign-in's question about this device's data; sync starts. */
export function chooseLocalData(choice: LocalDataChoice): Promise<AccountView> {
  return requestJson<AccountView>('/api/v1/account/local-data', { method: 'POST', body: { choice } })
}

/**
 * Sends what was kept on this device only to the account: the question's `merge`, which, with no
 * question waiting, sends the kept data the same way.
 */
export function sendKeptData(): Promise<AccountView> {
  return chooseLocalData('merge')
}
