import pg from 'pg'

/** PostgreSQL's type ids whose text form this server reads differently from pg's default. */
const INT8_OID = 20

export interface PgPoolOptions {
  /** Connections at most (default 20). */
  max?: number
  logError?: (error: unknown) => void
}

/**
 * The one pool of a process, shared by the server's schema and every person's. BIGINT comes back
 * as a JS number (pg's default is a string): every BIGINT here is a millisecond time, a count or a
 * sequence, far below 2^53. The parser is the pool's own (its `types`), never pg's global one.
 */
export function openPgPool(url: string, options: PgPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection the server drops (a restart, a network cut) is an 'error' event: without a
  // listener it would end the process. The pool replaces the connection on next use.
  pool.on('error', options.logError ?? console.error)
  // The same on a connection that is checked out and between queries (a transaction's, a held lock's)
  // when the server ends it: the query under way, or the next one, fails instead (seen when a test
  // stops PostgreSQL mid-request).
  pool.on('connect', (client) => client.on('error', options.logError ?? console.error))
  return pool
}
