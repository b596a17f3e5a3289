import { requestJson } from '../api/requestJson'
import type { AccountState } from '../../core/account/SyncAccount'
import type { LocalDataChoice } from '../../core/account/LocalDataPort'

export type { AccountUser } from '../../core/account/AccountUser'
export type { LocalDataChoice, LocalDataCounts } from '../../core/account/LocalDataPort'

/** `GET /api/v1/account`: this device's sign-in to a sync server (the in-browser API keeps the tokens). */
export type AccountView = AccountState

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
