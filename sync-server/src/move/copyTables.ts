import type pg from 'pg'
import { quote, type SqliteSource } from './SqliteSource'

/** PostgreSQL takes at most 65,535 parameters a statement; a batch stays well under it. */
const MAX_PARAMETERS = 30_000
const MAX_ROWS = 500

export interface TableCount {
  table: string
  rows: number
}

/**
 * Copies every table of `source` into `schema` over `client`, inside the transaction the caller
 * holds: the schema's rows are replaced (children emptied first, parents filled first), the column
 * list of each table is the source's, rows go in multi-row INSERTs of up to MAX_ROWS. Identity
 * columns are then set past the highest copied value (the next row a server inserts must not collide),
 * and each table's row count is checked against the source's: a difference throws, and the caller's
 * rollback leaves nothing of this schema half copied.
 */
export async function copyTables(
  client: pg.ClientBase,
  schema: string,
  source: SqliteSource,
  progress: (line: string) => void,
): Promise<TableCount[]> {
  const tables = source.tables()
  for (const table of [...tables].reverse()) {
    await client.query(`DELETE FROM ${quote(schema)}.${quote(table.name)}`)
  }
  const counts: TableCount[] = []
  for (const table of tables) {
    const target = `${quote(schema)}.${quote(table.name)}`
    const columns = table.columns.map(quote).join(', ')
    const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)))
    let copied = 0
    for (const rows of source.batches(table, size)) {
      const values: unknown[] = []
      const tuples = rows.map((row) => {
        const places = row.map((value) => {
          values.push(value)
          return `$${values.length}`
        })
        return `(${places.join(', ')})`
      })
      await client.query(`INSERT INTO ${target} (${columns}) VALUES ${tuples.join(', ')}`, values)
      copied += rows.length
    }
    const expected = source.count(table.name)
    const { rows } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${target}`)
    const found = Number(rows[0]?.n)
    if (copied !== expected || found !== expected) {
      throw new Error(`${schema}.${table.name}: ${expected} rows in the source, ${found} in PostgreSQL`)
    }
    progress(`${schema}.${table.name}: ${expected} rows`)
    counts.push({ table: table.name, rows: expected })
  }
  await resetIdentities(client, schema)
  return counts
}

/** Sets each identity column's sequence so that its next value is past the highest one stored. */
async function resetIdentities(client: pg.ClientBase, schema: string): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = $1 AND is_identity = 'YES'`,
    [schema],
  )
  for (const { table_name, column_name } of rows) {
    const table = `${quote(schema)}.${quote(table_name)}`
    // setval(seq, max, true): the next value is max + 1; an empty table starts again at 1.
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT MAX(${quote(column_name)}) FROM ${table}), 0) + 1, false)`,
      [table, column_name],
    )
  }
}
