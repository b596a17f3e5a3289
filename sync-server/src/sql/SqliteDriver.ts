import Database from 'better-sqlite3'
import type { SqlDialect, SqlDriver, SqlValue } from './SqlDriver'

/**
 * better-sqlite3 behind the SqlDriver seam: one file, WAL journal (readers never block the writer),
 * foreign keys on, and each distinct SQL string prepared once and reused.
 */
export class SqliteDriver implements SqlDriver {
  readonly dialect: SqlDialect = 'sqlite'
  private readonly db: Database.Database
  private readonly statements = new Map<string, Database.Statement>()

  constructor(filename: string) {
    this.db = new Database(filename)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = NORMAL')
    this.db.pragma('foreign_keys = ON')
    this.db.pragma('busy_timeout = 5000')
  }

  private prepare(sql: string): Database.Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  async exec(sql: string): Promise<void> {
    this.db.exec(sql)
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.prepare(sql).all(...params) as T[]
  }

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return this.prepare(sql).get(...params) as T | undefined
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<{ changes: number }> {
    return { changes: this.prepare(sql).run(...params).changes }
  }

  async batch(statements: ReadonlyArray<{ sql: string; params?: readonly SqlValue[] }>): Promise<void> {
    // better-sqlite3 runs the whole function synchronously inside BEGIN/COMMIT (ROLLBACK on throw),
    // so no other request's statements can interleave.
    this.db.transaction(() => {
      for (const { sql, params = [] } of statements) this.prepare(sql).run(...params)
    })()
  }

  /** One connection already; another process's migration waits on SQLite's own write lock. */
  exclusive<T>(work: (driver: SqlDriver) => Promise<T>): Promise<T> {
    return work(this)
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close()
  }
}
