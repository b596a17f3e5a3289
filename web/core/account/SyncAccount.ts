import { z } from 'zod'
import { ApiError } from '../kernel/ApiError'
import type { Clock } from '../kernel/time/Clock'
import { accountUserSchema, localProfile, type AccountUser } from './AccountUser'
import type { AccountVault, StoredAccount } from './AccountVault'
import type { LocalDataChoice, LocalDataCounts, LocalDataPort } from './LocalDataPort'
import { normaliseServerUrl } from './normaliseServerUrl'
import { SyncServerError, syncServerError, unreachable } from './SyncServerError'

/** What the Account page and `GET /api/v1/account` show. Never contains tokens. */
export interface AccountState {
  /** Requests to the server can be made (tokens held, not refused). */
  signed_in: boolean
  /** The server ended the session (refresh refused): the account is remembered, tokens are not used. */
  needs_sign_in: boolean
  server_url: string | null
  /** The account's user while signed in or needing to sign in again; null with no account. */
  user: AccountUser | null
  /** This device's own profile, the owner of data when no one is signed in. */
  local_user: AccountUser
  /**
   * Signed in, with this device holding collections, documents or chats the account does not have:
   * sync waits until the person chooses (`chooseLocalData`). Null otherwise.
   */
  local_data: LocalDataCounts | null
  /**
   * Signed in, what the person kept on this device only (answering that question with `keep`) and this
   * device still has: it never syncs until sent (`chooseLocalData('merge')`). Null when there is none.
   */
  kept_local_data: LocalDataCounts | null
}

export interface SyncAccountOptions {
  vault: AccountVault
  clock: Clock
  /** The host's fetch (tests may wrap it). Requests never send cookies: tokens go as Bearer only. */
  fetch?: typeof fetch
  /** How long one auth call may take before it counts as unreachable. */
  timeoutMs?: number
  /**
   * Hears sign-in and sign-out (after they took effect; sign-up signs in): the sync engine starts
   * or stops on it. Awaited, so a sign-out's answer comes after sync has let go of the account.
   */
  onChange?: (state: AccountState) => void | Promise<void>
  /**
   * Runs before signing out while the session still works (sync sends what is waiting in the
   * outbox). Bounded by `timeoutMs` and never fatal: offline, signing out still happens.
   */
  beforeSignOut?: () => Promise<unknown>
  /** The sync engine's question about this device's own data after a sign-in (absent: never asked). */
  localData?: LocalDataPort
}

/** The login and refresh answer (`token_type` is always bearer; `refresh_expires_in` is not needed here). */
const tokenSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().positive(),
})

function parseTokens(body: unknown, serverUrl: string): z.infer<typeof tokenSchema> {
  const tokens = tokenSchema.safeParse(body)
  if (!tokens.success) throw new ApiError(502, `The sync server at ${serverUrl} answered without tokens`)
  return tokens.data
}

/** Refresh this long before the access token's end, so a request never races the expiry. */
const EXPIRY_MARGIN_MS = 30_000

/**
 * This device's account on a sync server: sign-up, sign-in, sign-out, and `authorizedFetch`, which the
 * sync client uses for every request. Tokens live in the vault; the access token is refreshed when it
 * is due or when the server answers 401, once, and the rotated pair is stored before anything else
 * uses it. Concurrent callers share one refresh, since a refresh token can be spent only once: spending
 * it twice would make the server revoke the whole session.
 */
export class SyncAccount {
  private readonly vault: AccountVault
  private readonly clock: Clock
  private readonly fetchImpl: typeof fetch
  private readonly timeoutMs: number
  private readonly onChange: SyncAccountOptions['onChange']
  private readonly beforeSignOut: SyncAccountOptions['beforeSignOut']
  private readonly localData: LocalDataPort | undefined
  private refreshing: Promise<StoredAccount> | undefined

  constructor(options: SyncAccountOptions) {
    this.vault = options.vault
    this.clock = options.clock
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init))
    this.timeoutMs = options.timeoutMs ?? 15_000
    this.onChange = options.onChange
    this.beforeSignOut = options.beforeSignOut
    this.localData = options.localData
  }

  async state(): Promise<AccountState> {
    const [account, local] = await Promise.all([this.vault.get(), this.localUser()])
    const signedIn = account !== undefined && !account.needs_sign_in
    return {
      signed_in: signedIn,
      needs_sign_in: account?.needs_sign_in === true,
      server_url: account?.server_url ?? null,
      user: account?.user ?? null,
      local_user: local,
      local_data: signedIn ? ((await this.localData?.pending()) ?? null) : null,
      kept_local_data: signedIn ? ((await this.localData?.kept()) ?? null) : null,
    }
  }

  /**
   * The person's answer to "this device has data that is not in your account": merge it, keep it on
   * this device only, or discard it. With no question waiting, `merge` sends what was kept on this
   * device only earlier (the way back from `keep`). 401 when no one is signed in, 409 when there is
   * nothing to answer or send.
   */
  async chooseLocalData(choice: LocalDataChoice): Promise<AccountState> {
    await this.signedIn()
    if (this.localData && (await this.localData.choose(choice))) return this.state()
    if (choice === 'merge' && this.localData && (await this.localData.sendKept())) return this.state()
    throw new ApiError(
      409,
      choice === 'merge'
        ? 'This device has no data waiting for a choice, nor any kept on this device only: it syncs already'
        : 'This device has no data waiting for a choice: it syncs already',
    )
  }

  /**
   * The signed-in user as the server last described it (kept from sign-in, so it answers offline), or
   * this device's local profile when no one is signed in or the session needs a new sign-in.
   */
  async me(): Promise<AccountUser> {
    const account = await this.vault.get()
    if (account && !account.needs_sign_in) return account.user
    return this.localUser()
  }

  async signIn(input: { server_url: string; email: string; password: string }): Promise<AccountState> {
    const serverUrl = normaliseServerUrl(input.server_url)
    const tokens = parseTokens(
      await this.call(serverUrl, '/api/v1/auth/login?include_tokens=true', {
        email: input.email,
        password: input.password,
      }),
      serverUrl,
    )
    const user = await this.fetchUser(serverUrl, tokens.access_token)
    const now = this.clock.now()
    await this.vault.put({
      server_url: serverUrl,
      user,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      access_expires_at: now + tokens.expires_in * 1000,
      signed_in_at: now,
    })
    return this.changed()
  }

  /** Registers the account, then signs in with it. A taken email or username is the server's 409. */
  async signUp(input: {
    server_url: string
    username: string
    email: string
    password: string
    full_name?: string | null | undefined
    invite_token?: string | undefined
  }): Promise<AccountState> {
    const serverUrl = normaliseServerUrl(input.server_url)
    const body: Record<string, unknown> = {
      username: input.username,
      email: input.email,
      password: input.password,
    }
    if (input.full_name) body.full_name = input.full_name
    if (input.invite_token) body.invite_token = input.invite_token
    await this.call(serverUrl, '/api/v1/auth/register', body)
    return this.signIn({ server_url: serverUrl, email: input.email, password: input.password })
  }

  /**
   * Ends the session on the server when it can be reached, and forgets the tokens in any case (offline
   * included): signing out must never fail. Local data stays on the device.
   */
  async signOut(): Promise<AccountState> {
    const account = await this.vault.get()
    if (account && !account.needs_sign_in && this.beforeSignOut) {
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.timeoutMs)))
      await Promise.race([this.beforeSignOut().catch(() => undefined), timeout])
      clearTimeout(timer)
    }
    if (account && !account.needs_sign_in) {
      try {
        await this.authorizedFetch('/api/v1/auth/logout', {
          method: 'POST',
          signal: AbortSignal.timeout(this.timeoutMs),
        })
      } catch {
        // Unreachable or already ended: the server's session then expires by itself.
      }
    }
    await this.vault.clear()
    return this.changed()
  }

  private async changed(): Promise<AccountState> {
    await this.onChange?.(await this.state())
    // Read again: a sign-in may have left sync waiting for a choice about this device's data.
    return this.state()
  }

  /**
   * `fetch` of `path` on the account's server with its access token. A due token is refreshed first; a
   * 401 refreshes once and retries (so `init.body` must be resendable: a string, bytes or FormData, not a
   * stream). Any other answer is returned as it is. Throws ApiError 401 when no one is signed in or the
   * server refused the refresh (the account is then marked `needs_sign_in`), 502 when unreachable.
   */
  async authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
    let account = await this.signedIn()
    if (account.access_expires_at - EXPIRY_MARGIN_MS <= this.clock.now())
      account = await this.refresh(account)
    const first = await this.send(account, path, init)
    if (first.status !== 401) return first
    await first.body?.cancel()
    // Another caller may have refreshed while this request was out: its new token is then the one to use.
    const current = await this.signedIn()
    const next = current.access_token !== account.access_token ? current : await this.refresh(current)
    return this.send(next, path, init)
  }

  private async send(account: StoredAccount, path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${account.access_token}`)
    try {
      return await this.fetchImpl(`${account.server_url}${path}`, { ...init, headers, credentials: 'omit' })
    } catch (error) {
      // The caller's own abort is theirs to see as it is, not an unreachable server.
      if (init.signal?.aborted) throw error
      throw unreachable(account.server_url, error)
    }
  }

  private async signedIn(): Promise<StoredAccount> {
    const account = await this.vault.get()
    if (!account) throw new ApiError(401, 'Not signed in to a sync server')
    if (account.needs_sign_in)
      throw new ApiError(401, `Your session on ${account.server_url} has ended: sign in again`)
    return account
  }

  /** One refresh at a time; callers that arrive during one wait for its outcome. */
  private refresh(account: StoredAccount): Promise<StoredAccount> {
    this.refreshing ??= this.rotate(account).finally(() => {
      this.refreshing = undefined
    })
    return this.refreshing
  }

  private async rotate(account: StoredAccount): Promise<StoredAccount> {
    let body: unknown
    try {
      body = await this.call(account.server_url, '/api/v1/auth/refresh', {
        refresh_token: account.refresh_token,
      })
    } catch (error) {
      if (error instanceof SyncServerError && error.status === 401) {
        // The session is over (expired, signed out elsewhere, or revoked). Keep who it was, drop nothing
        // local, and stop using the tokens until the person signs in again.
        if ((await this.vault.get())?.refresh_token === account.refresh_token)
          await this.vault.put({ ...account, needs_sign_in: true })
        throw new ApiError(401, `Your session on ${account.server_url} has ended: sign in again`)
      }
      throw error
    }
    const tokens = parseTokens(body, account.server_url)
    const next: StoredAccount = {
      ...account,
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      access_expires_at: this.clock.now() + tokens.expires_in * 1000,
    }
    // A sign-out (or a new sign-in) while the refresh was out wins: its tokens are not brought back.
    if ((await this.vault.get())?.refresh_token !== account.refresh_token)
      throw new ApiError(401, 'Signed out while the session was being renewed')
    await this.vault.put(next)
    return next
  }

  private async fetchUser(serverUrl: string, accessToken: string): Promise<AccountUser> {
    const response = await this.request(serverUrl, '/api/v1/auth/me', {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    })
    const user = accountUserSchema.safeParse(await response.json().catch(() => undefined))
    if (!user.success) throw new ApiError(502, `The sync server at ${serverUrl} sent no valid user`)
    return user.data
  }

  /** POSTs JSON to an auth endpoint; the parsed answer (undefined when empty), or a mapped error. */
  private async call(serverUrl: string, path: string, json: unknown): Promise<unknown> {
    const response = await this.request(serverUrl, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(json),
    })
    const text = await response.text()
    if (!text) return undefined
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new ApiError(502, `The sync server at ${serverUrl} answered with something other than JSON`)
    }
  }

  private async request(serverUrl: string, path: string, init: RequestInit): Promise<Response> {
    let response: Response
    try {
      response = await this.fetchImpl(`${serverUrl}${path}`, {
        ...init,
        credentials: 'omit',
        signal: AbortSignal.timeout(this.timeoutMs),
      })
    } catch (error) {
      throw unreachable(serverUrl, error)
    }
    if (!response.ok) throw await syncServerError(response, serverUrl)
    return response
  }

  private async localUser(): Promise<AccountUser> {
    return localProfile(await this.vault.localUserId())
  }
}
