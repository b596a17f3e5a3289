import type { Migration } from '../sql/migrations'

/**
 * The accounts schema of the central database (separate from the per-user data databases).
 *
 * - Usernames are unique case-insensitively through an index on lower(username) (ASCII folding is
 *   enough: usernames are [A-Za-z0-9_.-]). Emails are stored trimmed and lowercased by the service,
 *   so a plain UNIQUE is case-insensitive for every row it writes. Both forms work in PostgreSQL too.
 * - A session is a refresh-token family: one login, every token rotated from it, revoked as a whole
 *   (logout, reuse of a rotated token, password change).
 * - A used refresh token keeps its row until it expires: that row is how reuse is recognised.
 * - Personal access tokens are stored as the SHA-256 of the token, never the token.
 * Everything a user owns goes with the user (ON DELETE CASCADE).
 * Timestamps are ISO 8601 UTC strings from Date.toISOString, so they compare as text.
 */
export const accountsMigration: Migration = {
  version: 1,
  name: 'accounts',
  sql: `
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      username TEXT NOT NULL,
      email TEXT NOT NULL UNIQUE,
      full_name TEXT,
      profile_picture TEXT,
      password_hash TEXT NOT NULL,
      is_active INTEGER NOT NULL DEFAULT 1,
      is_verified INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
    CREATE TABLE auth_sessions (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      revoked_at TEXT,
      revoked_reason TEXT,
      user_agent TEXT,
      ip TEXT
    );
    CREATE INDEX auth_sessions_user ON auth_sessions (user_id);
    CREATE TABLE refresh_tokens (
      jti TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at TEXT NOT NULL,
      used_at TEXT
    );
    CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id, expires_at);
    CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
    CREATE TABLE personal_access_tokens (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      token_hash TEXT NOT NULL UNIQUE,
      prefix TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT,
      last_used_at TEXT
    );
    CREATE INDEX personal_access_tokens_user ON personal_access_tokens (user_id, created_at);
  `,
}
