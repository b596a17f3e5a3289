// Finds PostgreSQL's server programs for the tests, installing Debian's `postgresql-15` when it can
// (as ensure-chromium does for the browser). The tests start a throwaway server of their own in a
// temporary folder (sync-server/test/postgres/startTestPostgres.ts); nothing here starts one.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findPostgres, POSTGRES_HOW_TO } from './findPostgres.mjs'

const found = findPostgres()
if (found) {
  console.log(`PostgreSQL: ${found}`)
  process.exit(0)
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (existsSync('/usr/bin/apt-get')) {
  const sudo = isRoot ? '' : existsSync('/usr/bin/sudo') ? 'sudo -n ' : null
  if (sudo !== null) {
    console.log('No PostgreSQL found; installing Debian\'s "postgresql-15" package…')
    try {
      execSync(
        `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15`,
        { stdio: 'inherit' },
      )
    } catch {
      // Reported below with instructions.
    }
    const installed = findPostgres()
    if (installed) {
      console.log(`PostgreSQL: ${installed}`)
      process.exit(0)
    }
  }
}

console.error(POSTGRES_HOW_TO)
process.exit(1)
