export type SqlValue = string | number | bigint | null | Uint8Array

/** Which SQL a driver speaks: the few statements that differ are chosen by it (see CONTEXT.md). */
export type SqlDialect = 'sqlite' | 'postgres'

/**
 * The tiny seam between the SQL store and a database. The store speaks SQL with `?` placeholders
 * through these calls only: SQLite (`SqliteDriver`) or PostgreSQL (`PgDriver`) behind it.
 */
export interface SqlDriver {
  readonly dialect: SqlDialect
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>
  /** Runs the statements in one transaction: all of them take effect, or none. */
  batch(statements: ReadonlyArray<{ sql: string; params?: readonly SqlValue[] }>): Promise<void>
  /**
   * Runs `work` with this database to itself for migrating: over one connection, while every other
   * process migrating the same database waits (PostgreSQL: an advisory lock per schema).
   */
  exclusive<T>(work: (driver: SqlDriver) => Promise<T>): Promise<T>
  close(): Promise<void>
}
