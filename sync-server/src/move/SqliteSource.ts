import Database from 'better-sqlite3'

/** A table of the source as SQLite describes it: its columns in order, and the tables it references. */
export interface SourceTable {
  name: string
  columns: string[]
  references: string[]
}

/** Tables SQLite or the migrations keep for themselves: never copied (the target has its own). */
const OWN_TABLES = new Set(['sqlite_sequence', 'schema_migrations'])

/**
 * One SQLite database of a DATA_DIR, opened read-only (the move never modifies its source) with
 * 64-bit integers read as BigInt, so no value is rounded on the way.
 */
export class SqliteSource {
  private readonly db: Database.Database

  constructor(readonly path: string) {
    this.db = new Database(path, { readonly: true, fileMustExist: true })
    // One read transaction from the first read to close: every table is read from the same snapshot,
    // even if a server was left writing to the file (WAL lets it go on; the copy does not see it).
    this.db.exec('BEGIN')
  }

  /** The newest migration applied (0 when none). */
  schemaVersion(): number {
    const hasTable = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get()
    if (!hasTable) return 0
    const row = this.db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
      version: number | null
    }
    return row.version ?? 0
  }

  /** Every table, each after the tables its foreign keys reference (so inserts in this order satisfy them). */
  tables(): SourceTable[] {
    const names = (
      this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
        name: string
      }>
    )
      .map((row) => row.name)
      .filter((name) => !OWN_TABLES.has(name))
    const tables = names.map((name) => ({
      name,
      columns: (this.db.pragma(`table_info(${quote(name)})`) as Array<{ name: string }>).map((c) => c.name),
      references: [
        ...new Set(
          (this.db.pragma(`foreign_key_list(${quote(name)})`) as Array<{ table: string }>)
            .map((fk) => fk.table)
            .filter((table) => table !== name),
        ),
      ],
    }))
    return referencedFirst(tables)
  }

  count(table: string): number {
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM ${quote(table)}`).get() as { n: number }
    return Number(row.n)
  }

  /**
   * The table's rows in rowid order, each its values in `columns` order, `size` rows at a time or
   * fewer once they hold `maxBytes` of text and bytes (a table of large values, such as index
   * snapshots, never becomes one huge statement).
   */
  *batches(table: SourceTable, size: number, maxBytes = 16 * 1024 * 1024): Generator<unknown[][]> {
    const statement = this.db
      .prepare(`SELECT ${table.columns.map(quote).join(', ')} FROM ${quote(table.name)}`)
      .raw(true)
      .safeIntegers(true)
    let batch: unknown[][] = []
    let bytes = 0
    for (const row of statement.iterate() as Iterable<unknown[]>) {
      batch.push(row)
      for (const value of row) {
        if (typeof value === 'string') bytes += value.length
        else if (value instanceof Uint8Array) bytes += value.byteLength
      }
      if (batch.length >= size || bytes >= maxBytes) {
        yield batch
        batch = []
        bytes = 0
      }
    }
    if (batch.length > 0) yield batch
  }

  close(): void {
    this.db.close()
  }
}

/** An identifier quoted for SQLite and PostgreSQL alike. */
export function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`
}

function referencedFirst(tables: SourceTable[]): SourceTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]))
  const ordered: SourceTable[] = []
  const placed = new Set<string>()
  const visiting = new Set<string>()
  const place = (table: SourceTable) => {
    if (placed.has(table.name)) return
    if (visiting.has(table.name)) throw new Error(`Tables reference each other in a cycle at ${table.name}`)
    visiting.add(table.name)
    for (const name of table.references) {
      const referenced = byName.get(name)
      if (referenced) place(referenced)
    }
    visiting.delete(table.name)
    placed.add(table.name)
    ordered.push(table)
  }
  for (const table of tables) place(table)
  return ordered
}
