import Database from 'better-sqlite3'
import { chmod, copyFile, mkdir, readdir, stat } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'

export interface BackupReport {
  /** The SQLite databases copied with the online backup API, relative to DATA_DIR. */
  databases: string[]
  /** Other files copied (people's files, keys, unfinished sync uploads, evaluation files). */
  files: number
  bytes: number
}

/** Why a backup was not started; nothing was written. */
export class BackupRefused extends Error {}

/** SQLite's own files beside a database, and a file store's writes in progress: never copied. */
const SKIPPED = /(-wal|-shm|-journal|\.tmp)$/

/**
 * Backs up a SQLite DATA_DIR while the server keeps running and writing. Each database (`server.db`,
 * every person's `quire.db`) is copied with SQLite's online backup API (better-sqlite3's `backup`),
 * which copies a consistent snapshot page by page and starts over when a writer changed a page it had
 * copied, so writes never stop. Files are content-addressed and never change once written: they are
 * copied before the databases (every file a snapshot can name already exists then, so one deleted
 * meanwhile is already copied) and again after (the files of rows written while the databases were
 * copied). The copy is owner-only (0700 / 0600), as DATA_DIR is. Restore: stop Quire, put the copy in
 * place of DATA_DIR, start (README, "Backups").
 */
export async function backupDataDir(
  dataDir: string,
  target: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupReport> {
  const source = resolve(dataDir)
  const into = resolve(target)
  if (!(await isDirectory(source))) throw new BackupRefused(`${source} is not a directory`)
  if (into === source || into.startsWith(source + sep)) {
    throw new BackupRefused('the backup folder must be outside DATA_DIR')
  }
  if (((await readdir(into).catch(() => [])) as string[]).length > 0) {
    throw new BackupRefused(`${into} is not empty: back up into a new folder`)
  }
  await mkdir(into, { recursive: true, mode: 0o700 })
  const report: BackupReport = { databases: [], files: 0, bytes: 0 }
  const paths = await walk(source)
  const isDatabase = (path: string) => path.endsWith('.db')
  await copyFiles(
    source,
    into,
    paths.filter((path) => !isDatabase(path)),
    report,
  )
  for (const path of paths.filter(isDatabase)) {
    const name = relative(source, path)
    const database = new Database(path, { fileMustExist: true })
    try {
      await mkdir(dirname(join(into, name)), { recursive: true, mode: 0o700 })
      await database.backup(join(into, name))
      await chmod(join(into, name), 0o600)
    } finally {
      database.close()
    }
    report.databases.push(name)
    log(`database ${name}`)
  }
  const later = (await walk(source)).filter((path) => !isDatabase(path))
  await copyFiles(source, into, later, report)
  log(`${report.files} files (${report.bytes} bytes)`)
  return report
}

async function copyFiles(source: string, into: string, paths: string[], report: BackupReport) {
  for (const path of paths) {
    const destination = join(into, relative(source, path))
    if (await isFile(destination)) continue
    await mkdir(dirname(destination), { recursive: true, mode: 0o700 })
    try {
      await copyFile(path, destination)
    } catch (error) {
      // Deleted since it was listed (a document deleted meanwhile): its row is gone too.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    await chmod(destination, 0o600)
    report.files++
    report.bytes += (await stat(destination)).size
  }
}

/** Downloaded model files: a cache, fetched again when missing. */
const CACHES = ['models-cache']

/** Every file under `dir`, skipping SQLite's journals, temporary files and caches. */
async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && !SKIPPED.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !CACHES.some((cache) => relative(dir, path).split(sep)[0] === cache))
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false
}
