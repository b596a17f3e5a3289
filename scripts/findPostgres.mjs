import { existsSync, readdirSync } from 'node:fs'
import { delimiter, join } from 'node:path'

const TOOLS = ['initdb', 'pg_ctl', 'postgres']

function hasTools(dir) {
  return TOOLS.every((tool) => existsSync(join(dir, tool)))
}

/**
 * The folder holding PostgreSQL's server programs (initdb, pg_ctl, postgres) for the tests' throwaway
 * server: POSTGRES_BIN if set, else the PATH, else Debian's /usr/lib/postgresql/<version>/bin (the
 * newest). Debian keeps the server programs out of the PATH, so the last one is the usual find.
 */
export function findPostgres() {
  const fromEnv = process.env.POSTGRES_BIN
  if (fromEnv) return hasTools(fromEnv) ? fromEnv : undefined
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && hasTools(dir)) return dir
  const debian = '/usr/lib/postgresql'
  if (!existsSync(debian)) return undefined
  const versions = readdirSync(debian)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
  for (const version of versions) {
    const dir = join(debian, version, 'bin')
    if (hasTools(dir)) return dir
  }
  return undefined
}

export const POSTGRES_HOW_TO = `The tests run the stores against a real PostgreSQL, and its server programs were not found.
Install them, then run the tests again:
  Debian/Ubuntu:  sudo apt-get install postgresql-15     (any version from 13 on works)
  macOS:          brew install postgresql@15
  any system:     set POSTGRES_BIN to the folder holding initdb, pg_ctl and postgres`
