import { ApiError } from '../../../web/core/kernel/ApiError'
import type { SqlDriver } from '../sql/SqlDriver'
import {
  checkEmail,
  checkExpiry,
  checkPassword,
  checkTokenName,
  checkUsername,
  normalizeEmail,
} from './accountRules'
import { ACCOUNT_SQL as SQL, fromUserRow, type PersonalTokenRow, type UserRow } from './accountRows'
import type { PersonalTokenCreated, PersonalTokenView, TokenScope, UserView } from './accountSchemas'
import { signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from './jwtTokens'
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords'
import {
  PERSONAL_TOKEN_PREFIX,
  generatePersonalToken,
  hashPersonalToken,
  isPersonalTokenShape,
} from './personalTokens'

export interface AccountServiceOptions {
  /** The HS256 key (`loadTokenKey`). */
  key: Buffer
  /** Access token lifetime; default 900 s (15 minutes). */
  accessTtlSeconds?: number
  /** Refresh token lifetime; default 2592000 s (30 days). */
  refreshTtlSeconds?: number
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number
}

export interface RegisterInput {
  username: string
  email: string
  password: string
  full_name?: string | null
  profile_picture?: string | null
}

export interface LoginMeta {
  userAgent?: string
  ip?: string
}

export interface IssuedTokens {
  user: UserView
  session_id: string
  access_token: string
  refresh_token: string
  /** Seconds the access token lives. */
  expires_in: number
  /** Seconds the refresh token lives. */
  refresh_expires_in: number
}

/** Who a request is from: a session's access token, or a personal access token (`tokenId`, `scope`). */
export interface Principal {
  user: UserView
  sessionId?: string
  tokenId?: string
  /** A personal access token's scope (`read`: safe requests only); absent for a session. */
  scope?: TokenScope
  via: 'session' | 'pat'
}

const BAD_LOGIN = 'Incorrect email or password'
const BAD_REFRESH = 'Invalid or expired refresh token'
const REUSE = 'Refresh token reuse detected; signed out everywhere this session was used'
/** last_used_at is written at most this often per token, so bearer traffic does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000
// Longer than any valid password: refused without spending an Argon2 verify on it.
const LOGIN_PASSWORD_MAX = 1024

/**
 * Accounts over the central database: users, login sessions (refresh-token families with rotation and
 * reuse detection), access tokens checked against their session on every request, and personal access
 * tokens for scripts. Errors are ApiErrors the routes pass through unchanged.
 */
export class AccountService {
  private readonly key: Buffer
  private readonly accessTtl: number
  private readonly refreshTtl: number
  private readonly now: () => number

  constructor(
    private readonly driver: SqlDriver,
    options: AccountServiceOptions,
  ) {
    this.key = options.key
    this.accessTtl = options.accessTtlSeconds ?? 900
    this.refreshTtl = options.refreshTtlSeconds ?? 2_592_000
    this.now = options.now ?? Date.now
  }

  private iso(ms = this.now()): string {
    return new Date(ms).toISOString()
  }

  /**
   * Creates the account, or, when the email already has one, answers exactly as if it had (a user of
   * the same shape with a new id, nothing stored): a refusal there would tell anyone which emails have
   * accounts (issue 39). Both paths hash the password once, so timing does not tell either. A taken
   * username is still 409: a username is a public handle, not the sign-in secret half, and is checked
   * first, so its answer is the same whether or not the email exists.
   */
  async register(input: RegisterInput): Promise<UserView> {
    const email = normalizeEmail(input.email)
    checkUsername(input.username)
    checkEmail(email)
    checkPassword(input.password)
    await this.assertUsernameFree(input.username)
    const id = crypto.randomUUID()
    const passwordHash = await hashPassword(input.password)
    const row = [id, input.username, email, input.full_name ?? null, input.profile_picture ?? null]
    if (await this.driver.get(SQL.userIdByEmail, [email])) return unsavedUser(row)
    try {
      await this.driver.run(SQL.insertUser, [...row, passwordHash, this.iso(), this.iso()])
    } catch (error) {
      // Lost a race with a registration of the same email or username: answer as if it came first.
      await this.assertUsernameFree(input.username)
      if (await this.driver.get(SQL.userIdByEmail, [email])) return unsavedUser(row)
      throw error
    }
    return this.me(id)
  }

  private async assertUsernameFree(username: string): Promise<void> {
    if (await this.driver.get(SQL.userIdByUsername, [username])) {
      throw new ApiError(409, 'Username already taken')
    }
  }

  async login(email: string, password: string, meta: LoginMeta = {}): Promise<IssuedTokens> {
    if (password.length > LOGIN_PASSWORD_MAX) throw new ApiError(401, BAD_LOGIN)
    const row = await this.driver.get<UserRow & { password_hash: string }>(SQL.credentialsByEmail, [
      normalizeEmail(email),
    ])
    // An unknown email still costs one Argon2 verify, so timing does not tell which emails exist.
    const matches = await verifyPassword(row?.password_hash ?? DUMMY_PASSWORD_HASH, password)
    if (!row || !matches) throw new ApiError(401, BAD_LOGIN)
    // Said only to someone who knows the password.
    if (row.is_active !== 1) throw new ApiError(401, 'Account is disabled')
    const sessionId = crypto.randomUUID()
    await this.driver.run(SQL.insertSession, [
      sessionId,
      row.id,
      this.iso(),
      meta.userAgent ?? null,
      meta.ip ?? null,
    ])
    return this.issue(fromUserRow(row), sessionId)
  }

  /** A new access token and a new refresh token (recorded unused) in the session. */
  private async issue(user: UserView, sessionId: string): Promise<IssuedTokens> {
    const nowMs = this.now()
    const jti = crypto.randomUUID()
    const refreshExpires = this.iso(nowMs + this.refreshTtl * 1000)
    await this.driver.run(SQL.insertRefresh, [jti, sessionId, user.id, refreshExpires])
    return {
      user,
      session_id: sessionId,
      access_token: signAccessToken(
        this.key,
        { sub: user.id, sid: sessionId },
        { nowMs, ttlSeconds: this.accessTtl },
      ),
      refresh_token: signRefreshToken(
        this.key,
        { sub: user.id, sid: sessionId, jti },
        { nowMs, ttlSeconds: this.refreshTtl },
      ),
      expires_in: this.accessTtl,
      refresh_expires_in: this.refreshTtl,
    }
  }

  /**
   * Rotation: a valid, unused refresh token of a live session is spent and a new pair issued in the same
   * session. Presenting a spent one means two parties hold the family (a stolen token, or a client that
   * kept an old one), so the whole session is revoked: the thief and the victim both sign in again.
   * Two tabs refreshing at the same moment look exactly like that; the client should serialise refreshes.
   */
  async refresh(refreshToken: string): Promise<IssuedTokens> {
    const nowMs = this.now()
    const claims = verifyRefreshToken(this.key, refreshToken, nowMs)
    if (!claims) throw new ApiError(401, BAD_REFRESH)
    type State = UserRow & { session_id: string; used_at: string | null; revoked_at: string | null }
    const state = await this.driver.get<State>(SQL.refreshState, [claims.jti])
    if (!state || state.session_id !== claims.sid || state.id !== claims.sub) {
      throw new ApiError(401, BAD_REFRESH)
    }
    if (state.revoked_at !== null) throw new ApiError(401, 'Session has been signed out')
    if (state.used_at !== null) return this.reuse(state.session_id)
    if (state.is_active !== 1) throw new ApiError(401, 'Account is disabled')
    const { changes } = await this.driver.run(SQL.markRefreshUsed, [this.iso(nowMs), claims.jti])
    if (changes === 0) return this.reuse(state.session_id)
    await this.driver.run(SQL.pruneRefresh, [state.session_id, this.iso(nowMs)])
    return this.issue(fromUserRow(state), state.session_id)
  }

  private async reuse(sessionId: string): Promise<never> {
    await this.driver.run(SQL.revokeSession, [this.iso(), 'refresh_token_reuse', sessionId])
    throw new ApiError(401, REUSE)
  }

  /** The principal of an access token whose session is live and whose user is active; one query. */
  async authenticateAccess(accessToken: string): Promise<Principal | undefined> {
    const claims = verifyAccessToken(this.key, accessToken, this.now())
    if (!claims) return undefined
    const row = await this.driver.get<UserRow & { revoked_at: string | null }>(SQL.sessionPrincipal, [
      claims.sid,
      claims.sub,
    ])
    if (!row || row.revoked_at !== null || row.is_active !== 1) return undefined
    return { user: fromUserRow(row), sessionId: claims.sid, via: 'session' }
  }

  /**
   * Whether the credential a principal was recognised by still stands: its session not signed out or
   * revoked (a password change revokes the others) and its user active, or its personal token not
   * deleted or expired. An access token's own 15 minutes do not count: an open event stream lives
   * as long as its session does, and ends when the session does (`endStreamsAtSignOut`).
   */
  async stillSignedIn(principal: Principal, personalToken?: string): Promise<boolean> {
    if (principal.via === 'pat') {
      return (
        personalToken !== undefined && (await this.authenticatePersonalToken(personalToken)) !== undefined
      )
    }
    if (principal.sessionId === undefined) return true
    const row = await this.driver.get<UserRow & { revoked_at: string | null }>(SQL.sessionPrincipal, [
      principal.sessionId,
      principal.user.id,
    ])
    return row !== undefined && row.revoked_at === null && row.is_active === 1
  }

  /** The principal of a live personal access token of an active user; one query, a write at most once a minute. */
  async authenticatePersonalToken(token: string): Promise<Principal | undefined> {
    if (!isPersonalTokenShape(token)) return undefined
    type Row = UserRow & {
      token_id: string
      scope: string
      expires_at: string | null
      last_used_at: string | null
    }
    const row = await this.driver.get<Row>(SQL.tokenPrincipal, [hashPersonalToken(token)])
    if (!row || row.is_active !== 1) return undefined
    const nowMs = this.now()
    if (row.expires_at !== null && Date.parse(row.expires_at) <= nowMs) return undefined
    if (row.last_used_at === null || nowMs - Date.parse(row.last_used_at) >= TOUCH_INTERVAL_MS) {
      await this.driver.run(SQL.touchToken, [this.iso(nowMs), row.token_id])
    }
    // Anything but `read` is full: tokens stored before scopes existed carry the column's default.
    const scope: TokenScope = row.scope === 'read' ? 'read' : 'full'
    return { user: fromUserRow(row), tokenId: row.token_id, scope, via: 'pat' }
  }

  /** An `Authorization: Bearer` credential: a personal access token by its prefix, else an access JWT. */
  authenticateBearer(token: string): Promise<Principal | undefined> {
    return token.startsWith(PERSONAL_TOKEN_PREFIX)
      ? this.authenticatePersonalToken(token)
      : this.authenticateAccess(token)
  }

  /**
   * The session a (signed, unexpired) refresh token belongs to, spent or not: signing out with only
   * the refresh cookie revokes that session.
   */
  sessionOfRefreshToken(refreshToken: string): string | undefined {
    return verifyRefreshToken(this.key, refreshToken, this.now())?.sid
  }

  /** Revokes the session: its refresh tokens and, at once, its access tokens stop working. */
  async logout(sessionId: string): Promise<void> {
    await this.driver.run(SQL.revokeSession, [this.iso(), 'logout', sessionId])
  }

  async me(userId: string): Promise<UserView> {
    const row = await this.driver.get<UserRow>(SQL.userById, [userId])
    if (!row) throw ApiError.notFound('User not found')
    return fromUserRow(row)
  }

  async changeUsername(userId: string, username: string): Promise<UserView> {
    checkUsername(username)
    const holder = await this.driver.get<{ id: string }>(SQL.userIdByUsername, [username])
    if (holder && holder.id !== userId) throw new ApiError(409, 'Username already taken')
    const { changes } = await this.driver.run(SQL.updateUsername, [username, this.iso(), userId])
    if (changes === 0) throw ApiError.notFound('User not found')
    return this.me(userId)
  }

  /**
   * Changes the password and revokes every other session of the user (a changed password is how a
   * person throws out whoever else got in), keeping `currentSessionId` so the caller stays signed in.
   * Personal access tokens are revoked too unless `revokeTokens` is false: someone who got in may have
   * made one, and it would outlive the password that let them in. A person changing a password on a
   * routine may keep their scripts' tokens by saying so.
   */
  async changePassword(
    userId: string,
    currentSessionId: string | undefined,
    current: string,
    next: string,
    options: { revokeTokens?: boolean } = {},
  ): Promise<void> {
    const row = await this.driver.get<{ password_hash: string }>(SQL.passwordHashById, [userId])
    if (!row) throw ApiError.notFound('User not found')
    if (!(await verifyPassword(row.password_hash, current))) {
      throw ApiError.badRequest('Current password is incorrect')
    }
    checkPassword(next, 'new_password')
    const passwordHash = await hashPassword(next)
    const now = this.iso()
    await this.driver.batch([
      { sql: SQL.updatePassword, params: [passwordHash, now, userId] },
      { sql: SQL.revokeOtherSessions, params: [now, 'password_changed', userId, currentSessionId ?? ''] },
      ...(options.revokeTokens === false ? [] : [{ sql: SQL.deleteUserTokens, params: [userId] }]),
    ])
  }

  async createPersonalToken(
    userId: string,
    input: { name: string; expires_at?: string | null; scope?: TokenScope },
  ): Promise<PersonalTokenCreated> {
    const name = checkTokenName(input.name)
    const nowMs = this.now()
    const expiresAt = checkExpiry(input.expires_at, nowMs)
    await this.me(userId)
    const id = crypto.randomUUID()
    const createdAt = this.iso(nowMs)
    const { token, hash, prefix } = generatePersonalToken()
    const scope = input.scope ?? 'full'
    await this.driver.run(SQL.insertToken, [id, userId, name, hash, prefix, createdAt, expiresAt, scope])
    return { id, name, token, scope, prefix, created_at: createdAt, expires_at: expiresAt }
  }

  /** The user's tokens, newest first; never the token or its hash. */
  listPersonalTokens(userId: string): Promise<PersonalTokenView[]> {
    const sql = this.driver.dialect === 'postgres' ? SQL.listTokensPostgres : SQL.listTokens
    return this.driver.all<PersonalTokenRow>(sql, [userId])
  }

  /** Another user's token answers the same 404 as an unknown one, so ids of others cannot be probed. */
  async deletePersonalToken(userId: string, id: string): Promise<void> {
    const { changes } = await this.driver.run(SQL.deleteToken, [id, userId])
    if (changes === 0) throw ApiError.notFound('Token not found')
  }
}

/** What a new account's `me` answers (the table's defaults: active, not verified), for one not stored. */
function unsavedUser([id, username, email, fullName, picture]: Array<string | null>): UserView {
  return fromUserRow({
    id: id!,
    username: username!,
    email: email!,
    full_name: fullName ?? null,
    profile_picture: picture ?? null,
    is_active: 1,
    is_verified: 0,
  })
}
