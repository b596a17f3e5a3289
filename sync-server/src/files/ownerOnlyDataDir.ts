import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { isMainThread } from 'node:worker_threads'

/** Group and other may do nothing with what the server keeps: people's databases, files and keys. */
const OWNER_ONLY_UMASK = 0o077

/**
 * Makes DATA_DIR and everything under it the server's own (directories 0700, files 0600): created
 * so (the process's umask is 0077 from here on, so SQLite's files, the file store and the keys are
 * born owner-only) and, where an older server left them readable by others (`users/` 755, each
 * person's database 644), tightened now. Answers how many paths under DATA_DIR it tightened, for the
 * start log; DATA_DIR itself is not counted: a folder made for Quire (`mkdir data`, a container's
 * volume) is born with the usual 0755 and holds nothing yet, which is no news to its operator.
 * Symbolic links are left alone (their mode means nothing, and following one could leave DATA_DIR).
 */
export function ownerOnlyDataDir(dataDir: string): number {
  // umask is the process's: a worker thread may not change it (the main thread already has).
  if (isMainThread) process.umask(OWNER_ONLY_UMASK)
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  tighten(dataDir, false)
  return readdirSync(dataDir).reduce((tightened, name) => tightened + tighten(join(dataDir, name)), 0)
}

function tighten(path: string, below = true): number {
  const stat = lstatSync(path, { throwIfNoEntry: false })
  if (!stat || stat.isSymbolicLink()) return 0
  let tightened = 0
  if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.mode & 0o700)
    tightened++
  }
  if (below && stat.isDirectory())
    for (const name of readdirSync(path)) tightened += tighten(join(path, name))
  return tightened
}
