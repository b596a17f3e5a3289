// npm run backup -- <backup-folder> [--data-dir ./data]
//
// Backs up a running SQLite server's DATA_DIR into a new folder without stopping it
// (sync-server/src/backup/backupDataDir.ts): each database with SQLite's online backup, and the files.
// Restore: stop Quire, put the folder in place of DATA_DIR, start. With DATABASE_URL, back up PostgreSQL
// instead (README, "Backups"). Exit status: 0 backed up, 2 refused (nothing written), 1 failed.
import { parseArgs } from 'node:util'
import { BackupRefused, backupDataDir } from '../sync-server/src/backup/backupDataDir'

const USAGE =
  'Usage: npm run backup -- <backup-folder> [--data-dir <DATA_DIR>]\n' +
  '  Copies DATA_DIR (default: $DATA_DIR, else ./data) while Quire runs; the folder must be new or empty.'

async function main(): Promise<number> {
  let parsed: { values: { 'data-dir'?: string; help?: boolean }; positionals: string[] }
  try {
    parsed = parseArgs({
      options: { 'data-dir': { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
    })
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  const [target, ...extra] = parsed.positionals
  if (parsed.values.help || !target || extra.length > 0) {
    console.error(USAGE)
    return parsed.values.help ? 0 : 2
  }
  if (process.env.DATABASE_URL) {
    console.error(
      'Refused: DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump (README, "Backups").',
    )
    return 2
  }
  const dataDir = parsed.values['data-dir'] ?? process.env.DATA_DIR ?? './data'
  const started = Date.now()
  try {
    const report = await backupDataDir(dataDir, target, (line) => console.log(line))
    console.log(
      `Backed up ${report.databases.length} databases and ${report.files} files (${report.bytes} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s into ${target}.`,
    )
    return 0
  } catch (error) {
    console.error(error instanceof BackupRefused ? `Refused: ${error.message}` : `Failed: ${String(error)}`)
    return error instanceof BackupRefused ? 2 : 1
  }
}

process.exitCode = await main()
