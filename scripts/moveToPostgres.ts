// npm run move-to-postgres -- --data-dir ./data --database-url postgres://user:password@host:5432/quire [--force]
//
// Moves a stopped SQLite server's DATA_DIR into PostgreSQL (sync-server/src/move/moveDataDir.ts): the
// server's accounts, sessions, tokens and jobs, and every person's data, files, sync log and unfinished
// sync uploads. The DATA_DIR is
// only read. Exit status: 0 moved, 2 refused (nothing written), 1 failed (the person named was not moved).
import { parseArgs } from 'node:util'
import { MoveRefused, moveDataDir } from '../sync-server/src/move/moveDataDir'

const USAGE =
  'Usage: npm run move-to-postgres -- --data-dir <DATA_DIR> --database-url <postgres://...> [--force]\n' +
  '  --force  accept a target whose server schema already holds accounts or jobs (they are replaced);\n' +
  '           a person whose schema holds data is never overwritten.'

async function main(): Promise<number> {
  let values: { 'data-dir'?: string; 'database-url'?: string; force?: boolean; help?: boolean }
  try {
    values = parseArgs({
      options: {
        'data-dir': { type: 'string' },
        'database-url': { type: 'string' },
        force: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }).values
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const dataDir = values['data-dir']
  const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL
  if (values.help || !dataDir || !databaseUrl) {
    console.error(USAGE)
    return values.help ? 0 : 2
  }
  const started = Date.now()
  try {
    const report = await moveDataDir({
      dataDir,
      databaseUrl,
      force: values.force,
      log: (line) => console.log(line),
    })
    const totals = new Map<string, number>()
    for (const { table, rows } of report.tables) totals.set(table, (totals.get(table) ?? 0) + rows)
    console.log(
      `\nMoved the server and ${report.people.length} people in ${((Date.now() - started) / 1000).toFixed(1)} s. Rows by table:`,
    )
    for (const [table, rows] of [...totals].sort()) console.log(`  ${table}: ${rows}`)
    console.log(
      `Files: ${report.files.files} (${report.files.bytes} bytes). Unfinished sync uploads: ${report.uploads.uploads} (${report.uploads.bytes} bytes)${
        report.uploads.skipped > 0 ? `, ${report.uploads.skipped} not resumable left behind` : ''
      }. Secrets: ${report.secrets.join(', ') || 'none'}.`,
    )
    console.log(
      'Start Quire with DATABASE_URL set. DATA_DIR was only read: keep it until the move is checked.',
    )
    return 0
  } catch (error) {
    console.error(error instanceof MoveRefused ? `Refused: ${error.message}` : `Failed: ${String(error)}`)
    return error instanceof MoveRefused ? 2 : 1
  }
}

process.exitCode = await main()
