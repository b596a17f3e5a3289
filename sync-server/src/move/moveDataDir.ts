import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type pg from 'pg'
import { LOCAL_USER_ID } from '../../../web/core/api/createApiPorts'
import { migrate } from '../sql/migrations'
import { openPgPool } from '../sql/openPgPool'
import { openServerDatabase } from '../sql/openServerDatabase'
import { personSchema, SERVER_SCHEMA } from '../sql/openDatabases'
import { PgDriver } from '../sql/PgDriver'
import type { SqlDriver } from '../sql/SqlDriver'
import { SqliteDriver } from '../sql/SqliteDriver'
import { copyTables, type TableCount } from './copyTables'
import { moveBlobUploads } from './moveBlobUploads'
import { moveFiles } from './moveFiles'
import { moveSecrets } from './moveSecrets'
import { SqliteSource } from './SqliteSource'
import { targetHoldsData } from './targetHoldsData'
import { inPgTransaction } from '../sql/inPgTransaction'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface MoveOptions {
  dataDir: string
  databaseUrl: string
  /** Accept a target whose server schema holds data (it is replaced) as long as no person's schema does. */
  force?: boolean
  /** Receives one line per person and table as the move goes. */
  log?: (line: string) => void
}

export interface MoveReport {
  /** Rows copied, by schema and table. */
  tables: Array<TableCount & { schema: string }>
  people: string[]
  /** Files copied into people's file stores, and their bytes. */
  files: { files: number; bytes: number }
  /** Unfinished sync blob uploads moved (resumable on PostgreSQL), their bytes, and those left behind. */
  uploads: { uploads: number; bytes: number; stored: number; skipped: number }
  /** The DATA_DIR's generated secrets now in quire.server_secrets. */
  secrets: string[]
}

/** A refusal: nothing was written to the target. */
export class MoveRefused extends Error {}

/**
 * Moves a SQLite DATA_DIR into PostgreSQL: `server.db` into the server's schema, each person's
 * `users/<id>/quire.db` (and a single-user DATA_DIR's own `quire.db`, as the local user) into their
 * schema. Refuses, before writing anything, a source whose schema versions are not this code's and
 * a target that already holds data (see `force`). The target is migrated first, so its tables are the
 * code's; then each schema is copied in one transaction of its own, its row counts checked before it
 * commits. The source is opened read-only.
 */
export async function moveDataDir(options: MoveOptions): Promise<MoveReport> {
  const log = options.log ?? (() => undefined)
  const serverSource = join(options.dataDir, 'server.db')
  if (!existsSync(serverSource)) {
    throw new MoveRefused(
      `No server.db in ${options.dataDir}: is it a Quire DATA_DIR (stop the server first)?`,
    )
  }
  const people = peopleOf(options.dataDir)
  const sources = [
    { schema: SERVER_SCHEMA, label: 'server', source: new SqliteSource(serverSource), person: undefined },
    ...people.map((person) => ({
      schema: personSchema(person.id),
      label: `person ${person.id}`,
      source: new SqliteSource(person.file),
      person,
    })),
  ]
  try {
    const code = await codeSchema()
    const wrong = sources
      .map(({ label, source, person }) => ({
        label,
        has: source.schemaVersion(),
        wants: person ? code.person : code.server,
      }))
      .filter(({ has, wants }) => has !== wants)
    if (wrong.length > 0) {
      throw new MoveRefused(
        `The DATA_DIR's schema is not this version of Quire's: ${wrong
          .map(({ label, has, wants }) => `${label} is at version ${has}, this code's is ${wants}`)
          .join(
            '; ',
          )}. Start this version of Quire once on the DATA_DIR (it migrates it), stop it, then move.`,
      )
    }
    const pool = openPgPool(options.databaseUrl, { max: 2, logError: () => undefined })
    try {
      const checker = await pool.connect()
      try {
        const holding = await targetHoldsData(checker, SERVER_SCHEMA, code.tables)
        const people = holding.filter((schema) => schema !== SERVER_SCHEMA)
        if (holding.length > 0 && (!options.force || people.length > 0)) {
          throw new MoveRefused(
            `The target already holds Quire data (${holding.join(', ')}). Move into an empty database${
              people.length > 0 ? '' : ', or pass --force to replace the server schema’s accounts and jobs'
            }.`,
          )
        }
      } finally {
        checker.release()
      }
      const report: MoveReport = {
        tables: [],
        people: people.map((person) => person.id),
        files: { files: 0, bytes: 0 },
        uploads: { uploads: 0, bytes: 0, stored: 0, skipped: 0 },
        secrets: [],
      }
      for (const { schema, label, source, person } of sources) {
        const driver = new PgDriver(pool, schema)
        if (person) await migrate(driver)
        else await openServerDatabase(driver)
        log(`${label} (${source.path} -> schema ${schema})`)
        try {
          // Files and unfinished uploads first: content-addressed or replaced by key, so a failure below
          // leaves nothing a rerun would not write the same; the rows then go in one transaction.
          if (person) {
            const files = await moveFiles(pool, schema, dirname(person.file))
            log(`  ${schema} files: ${files.files} (${files.bytes} bytes)`)
            report.files.files += files.files
            report.files.bytes += files.bytes
            const uploads = await moveBlobUploads(pool, schema, dirname(person.file))
            log(
              `  ${schema} unfinished uploads: ${uploads.uploads} (${uploads.bytes} bytes), ${uploads.stored} complete and stored${
                uploads.skipped.length > 0
                  ? `, left behind (not resumable): ${uploads.skipped.join(', ')}`
                  : ''
              }`,
            )
            report.uploads.uploads += uploads.uploads
            report.uploads.bytes += uploads.bytes
            report.uploads.stored += uploads.stored
            report.uploads.skipped += uploads.skipped.length
          }
          const counts = await inOneTransaction(pool, (client) =>
            copyTables(client, schema, source, (line) => log(`  ${line}`)),
          )
          report.tables.push(...counts.map((count) => ({ schema, ...count })))
          if (!person) {
            report.secrets = await moveSecrets(pool, options.dataDir)
            log(`  secrets: ${report.secrets.join(', ') || 'none in DATA_DIR (set by the environment)'}`)
          }
        } catch (error) {
          throw new Error(`${label} was not moved (none of its rows were written): ${String(error)}`, {
            cause: error,
          })
        }
      }
      return report
    } finally {
      await pool.end()
    }
  } finally {
    for (const { source } of sources) source.close()
  }
}

function peopleOf(dataDir: string): Array<{ id: string; file: string }> {
  const people: Array<{ id: string; file: string }> = []
  // A single-user DATA_DIR (QUIRE_SINGLE_USER=1) keeps the one person's data at its top.
  const own = join(dataDir, 'quire.db')
  if (existsSync(own)) people.push({ id: LOCAL_USER_ID, file: own })
  const users = join(dataDir, 'users')
  if (existsSync(users)) {
    for (const entry of readdirSync(users, { withFileTypes: true })) {
      const file = join(users, entry.name, 'quire.db')
      if (entry.isDirectory() && UUID.test(entry.name) && existsSync(file))
        people.push({ id: entry.name, file })
    }
  }
  return people.sort((a, b) => a.id.localeCompare(b.id))
}

interface CodeSchema {
  server: number
  person: number
  tables: { server: string[]; person: string[] }
}

/** This code's schema versions and tables, read from empty throwaway databases it migrated. */
async function codeSchema(): Promise<CodeSchema> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-move-'))
  try {
    const server = await openServerDatabase(dir)
    const person: SqlDriver = new SqliteDriver(join(dir, 'quire.db'))
    try {
      await migrate(person)
    } finally {
      await server.close()
      await person.close()
    }
    const read = (file: string) => {
      const source = new SqliteSource(join(dir, file))
      try {
        return { version: source.schemaVersion(), tables: source.tables().map((table) => table.name) }
      } finally {
        source.close()
      }
    }
    const [serverDb, personDb] = [read('server.db'), read('quire.db')]
    return {
      server: serverDb.version,
      person: personDb.version,
      tables: { server: serverDb.tables, person: personDb.tables },
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function inOneTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    return await inPgTransaction(client, work)
  } finally {
    client.release()
  }
}
