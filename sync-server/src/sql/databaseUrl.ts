/**
 * DATABASE_URL: a `postgres://` or `postgresql://` URL puts the server's database and every person's
 * in that PostgreSQL; unset or empty keeps SQLite files in DATA_DIR. Anything else stops the start,
 * saying why, rather than quietly running on SQLite.
 */
export function databaseUrl(env: Record<string, string | undefined>): string | undefined {
  const raw = env.DATABASE_URL?.trim()
  if (!raw) return undefined
  let protocol: string | undefined
  try {
    protocol = new URL(raw).protocol
  } catch {
    protocol = undefined
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    // The value may hold a password: only its scheme is repeated.
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(raw)?.[0]
    throw new Error(
      `DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database or postgresql://...)${
        scheme ? `, not ${scheme}` : ''
      }; leave it unset to keep SQLite files in DATA_DIR`,
    )
  }
  return raw
}
