export type SqlValue = string | number | bigint | null | Uint8Array

/**
 * The tiny seam between the SQL store and a database. The store speaks SQL with `?` placeholders
 * through these calls only, so a PostgreSQL driver can stand beside the SQLite one later.
 */
export interface SqlDriver {
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>
  /** Runs the statements in one transaction: all of them take effect, or none. */
  batch(statements: ReadonlyArray<{ sql: string; params?: readonly SqlValue[] }>): Promise<void>
  close(): Promise<void>
}
