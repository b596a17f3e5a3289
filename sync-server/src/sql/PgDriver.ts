import { createHash } from 'node:crypto'
import type pg from 'pg'
import { withSchemaLock } from './pgSetupLock'
import { numberedPlaceholders } from './numberedPlaceholders'
import type { SqlDialect, SqlDriver, SqlValue } from './SqlDriver'

/** A schema name this driver accepts: written into SQL unquoted, so only these characters. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** Each pooled connection's current search_path, so it is set only when it changes. */
const schemaOfClient = new WeakMap<pg.ClientBase, string>()

interface Lease {
  client: pg.ClientBase
  /** Gives the connection back; with an error, the pool closes it instead (its state is unknown). */
  release(error?: Error): void
  /** The connection `exclusive` holds for its whole work (release does nothing). */
  held?: true
}

interface Prepared {
  name: string
  text: string
}

/** Statement texts and names, shared by every driver: the store's SQL is constant text (SqlChunks). */
const prepared = new Map<string, Prepared>()

function prepare(sql: string): Prepared {
  let statement = prepared.get(sql)
  if (!statement) {
    const text = numberedPlaceholders(sql)
    statement = { name: `q${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text }
    prepared.set(sql, statement)
  }
  return statement
}

/** A 64-bit advisory lock key of its own for each schema's migrations. */

/**
 * PostgreSQL behind the SqlDriver seam: one schema of a database, over a pool shared by every
 * schema (the server's own `quire` and each person's `u_<id>`, see CONTEXT.md).
 *
 * Each call checks a connection out of the pool and points its search_path at this driver's schema
 * when it was pointed elsewhere. Statements are named prepared statements, parsed once per
 * connection: PostgreSQL re-parses a prepared statement when search_path has changed since its last
 * use ("if the value of search_path changes from one use to the next, the statement will be
 * re-parsed using the new search_path", PREPARE), so a statement always reads the current schema's
 * tables. Closing the driver leaves the pool open: it belongs to `openDatabases`.
 */
export class PgDriver implements SqlDriver {
  readonly dialect: SqlDialect = 'postgres'
  private closed = false

  constructor(
    private readonly pool: pg.Pool,
    readonly schema: string,
    private readonly lease: () => Promise<Lease> = async () => {
      const client = await pool.connect()
      return { client, release: (error) => client.release(error) }
    },
  ) {
    if (!SCHEMA_NAME.test(schema)) throw new Error(`Not a schema name: ${JSON.stringify(schema)}`)
  }

  async exec(sql: string): Promise<void> {
    await this.using(async (client) => {
      try {
        await client.query(sql)
      } catch (error) {
        // A multi-statement string that opened a transaction leaves it aborted: end it here, on the
        // same connection, before the connection goes back to the pool.
        await rollback(client)
        throw error
      }
    })
  }

  all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.using(async (client) => (await client.query(query(sql, params))).rows as T[])
  }

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0]
  }

  run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return this.using(async (client) => ({ changes: (await client.query(query(sql, params))).rowCount ?? 0 }))
  }

  batch(statements: ReadonlyArray<{ sql: string; params?: readonly SqlValue[] }>): Promise<void> {
    return this.using(async (client) => {
      await client.query('BEGIN')
      try {
        for (const { sql, params = [] } of statements) await client.query(query(sql, params))
        await client.query('COMMIT')
      } catch (error) {
        await rollback(client)
        throw error
      }
    })
  }

  /**
   * Holds one connection and this schema's migration lock (a session advisory lock: other instances
   * migrating the same schema wait, other schemas do not), creates the schema when missing, and runs
   * `work` over a driver bound to that connection.
   */
  async exclusive<T>(work: (driver: SqlDriver) => Promise<T>): Promise<T> {
    this.checkOpen()
    return withSchemaLock(this.pool, this.schema, async (lease) => {
      await lease.query(`CREATE SCHEMA IF NOT EXISTS ${this.schema}`)
      const held = new PgDriver(this.pool, this.schema, async () => ({
        client: lease,
        release() {},
        held: true,
      }))
      return work(held)
    })
  }

  async close(): Promise<void> {
    this.closed = true
  }

  private leaseIdle(): Promise<Lease> {
    return idle(this.lease)
  }

  private checkOpen() {
    if (this.closed) throw new Error(`The database connection (schema ${this.schema}) is closed`)
  }

  private async using<T>(work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
    this.checkOpen()
    const { client, release } = await this.leaseIdle()
    try {
      if (schemaOfClient.get(client) !== this.schema) {
        await client.query(`SET search_path TO ${this.schema}`)
        schemaOfClient.set(client, this.schema)
      }
      const result = await work(client)
      release()
      return result
    } catch (error) {
      // An SQL error leaves the connection usable; a lost one (no SQLSTATE) is closed by the pool.
      const sqlError = typeof (error as { code?: unknown }).code === 'string'
      release(sqlError ? undefined : (error as Error))
      throw error
    }
  }
}

/**
 * A leased connection outside any transaction. One given back to the pool inside a transaction
 * (another module's bug) would make the SET search_path below part of that transaction, and a later
 * ROLLBACK would put the connection back in the schema it had while it is recorded as this one's:
 * the next person's queries would read someone else's tables. Such a connection is closed instead.
 */
async function idle(lease: () => Promise<Lease>): Promise<Lease> {
  for (let attempt = 1; ; attempt++) {
    const leased = await lease()
    const status = (leased.client as pg.Client).getTransactionStatus?.()
    if (status !== 'T' && status !== 'E') return leased
    const error = new Error('A pooled PostgreSQL connection was given back inside a transaction')
    leased.release(error)
    if (leased.held || attempt === 3) throw error
  }
}

/**
 * Ends the connection's failed transaction. Should that fail too (the connection is lost), the
 * statement's own error is the one worth reporting; the connection, not idle, is then closed at its
 * next checkout (`idle`) if the pool has not dropped it already.
 */
async function rollback(client: pg.ClientBase): Promise<void> {
  await client.query('ROLLBACK').catch(() => undefined)
}

function query(sql: string, params: readonly SqlValue[]): pg.QueryConfig {
  const { name, text } = prepare(sql)
  return { name, text, values: params as SqlValue[] }
}
