import type pg from 'pg'
import { quote } from './SqliteSource'

/**
 * Which of Quire's schemas in the target hold records: the server's (`serverSchema`, its tables
 * `serverTables`) and people's (`u_*`, `personTables`), the tables the migrations make. What a start
 * writes by itself does not count: sync_meta's one row while the log is at 0, and tables outside the
 * migrations (generated secrets, file stores, rate limits, the job queue's own schema).
 */
export async function targetHoldsData(
  client: pg.ClientBase,
  serverSchema: string,
  tables: { server: readonly string[]; person: readonly string[] },
): Promise<string[]> {
  const { rows } = await client.query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND (table_schema = $1 OR table_schema LIKE 'u\\_%')
      ORDER BY table_schema, table_name`,
    [serverSchema],
  )
  const holding = new Set<string>()
  for (const { table_schema, table_name } of rows) {
    const ours = table_schema === serverSchema ? tables.server : tables.person
    if (holding.has(table_schema) || !ours.includes(table_name)) continue
    const where = table_name === 'sync_meta' ? ' WHERE latest_seq > 0' : ''
    const found = await client.query(
      `SELECT 1 FROM ${quote(table_schema)}.${quote(table_name)}${where} LIMIT 1`,
    )
    if (found.rowCount) holding.add(table_schema)
  }
  return [...holding]
}
