import type { PersonalTokenView, UserView } from './accountSchemas'

/** The users columns a UserView is made of, prefixed for use in joins. */
const USER_COLUMNS = `u.id, u.username, u.email, u.full_name, u.profile_picture, u.is_active, u.is_verified`

export interface UserRow {
  id: string
  username: string
  email: string
  full_name: string | null
  profile_picture: string | null
  is_active: number
  is_verified: number
}

export function fromUserRow(row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    full_name: row.full_name,
    profile_picture: row.profile_picture,
    is_active: row.is_active === 1,
    is_verified: row.is_verified === 1,
  }
}

export type PersonalTokenRow = PersonalTokenView

/**
 * Constant SQL text only, so that the driver prepares each statement once and reuses it. The queries
 * that run on every request (sessionPrincipal, tokenPrincipal) are single-row lookups by primary or
 * unique key, joined to the user.
 */
export const ACCOUNT_SQL = {
  insertUser: `INSERT INTO users (id, username, email, full_name, profile_picture, password_hash,
    is_active, is_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, 0, ?, ?)`,
  userById: `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ?`,
  userIdByEmail: 'SELECT id FROM users WHERE email = ?',
  userIdByUsername: 'SELECT id FROM users WHERE lower(username) = lower(?)',
  credentialsByEmail: `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = ?`,
  passwordHashById: 'SELECT password_hash FROM users WHERE id = ?',
  updateUsername: 'UPDATE users SET username = ?, updated_at = ? WHERE id = ?',
  updatePassword: 'UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?',

  insertSession: 'INSERT INTO auth_sessions (id, user_id, created_at, user_agent, ip) VALUES (?, ?, ?, ?, ?)',
  revokeSession: `UPDATE auth_sessions SET revoked_at = ?, revoked_reason = ?
    WHERE id = ? AND revoked_at IS NULL`,
  // '' never matches a session id, so passing it revokes every session of the user.
  revokeOtherSessions: `UPDATE auth_sessions SET revoked_at = ?, revoked_reason = ?
    WHERE user_id = ? AND id <> ? AND revoked_at IS NULL`,
  sessionPrincipal: `SELECT ${USER_COLUMNS}, s.revoked_at FROM auth_sessions s
    JOIN users u ON u.id = s.user_id WHERE s.id = ? AND s.user_id = ?`,

  insertRefresh: 'INSERT INTO refresh_tokens (jti, session_id, user_id, expires_at) VALUES (?, ?, ?, ?)',
  refreshState: `SELECT ${USER_COLUMNS}, r.session_id, r.used_at, s.revoked_at FROM refresh_tokens r
    JOIN auth_sessions s ON s.id = r.session_id JOIN users u ON u.id = r.user_id WHERE r.jti = ?`,
  // Conditional, so that of two requests racing with one token exactly one wins the rotation.
  markRefreshUsed: 'UPDATE refresh_tokens SET used_at = ? WHERE jti = ? AND used_at IS NULL',
  // Expired rows of the family are no longer needed to recognise reuse (an expired token fails anyway).
  pruneRefresh: 'DELETE FROM refresh_tokens WHERE session_id = ? AND expires_at < ?',

  insertToken: `INSERT INTO personal_access_tokens (id, user_id, name, token_hash, prefix, created_at,
    expires_at, scope) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  listTokens: `SELECT id, name, scope, prefix, created_at, expires_at, last_used_at FROM personal_access_tokens
    WHERE user_id = ? ORDER BY created_at DESC, rowid DESC`,
  // PostgreSQL has no rowid: the identity column of tokenOrderMigration keeps the same order.
  listTokensPostgres: `SELECT id, name, scope, prefix, created_at, expires_at, last_used_at FROM personal_access_tokens
    WHERE user_id = ? ORDER BY created_at DESC, seq DESC`,
  deleteToken: 'DELETE FROM personal_access_tokens WHERE id = ? AND user_id = ?',
  deleteUserTokens: 'DELETE FROM personal_access_tokens WHERE user_id = ?',
  tokenPrincipal: `SELECT ${USER_COLUMNS}, t.id AS token_id, t.scope, t.expires_at, t.last_used_at
    FROM personal_access_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
  touchToken: 'UPDATE personal_access_tokens SET last_used_at = ? WHERE id = ?',
} as const
