import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { ClockDriftError, HlcClock } from '../../../web/core/sync/Hlc'
import { SyncServer } from '../../../web/core/sync/SyncServer'
import { secretFreeSyncStore } from '../../../web/core/sync/appData/secretFreeSyncStore'
import { scrubSyncLog } from '../secrets/scrubSyncLog'
import { migrate } from '../sql/migrations'
import type { SqlDriver } from '../sql/SqlDriver'
import { SqliteDriver } from '../sql/SqliteDriver'
import { SqlSyncStore } from '../sql/SqlSyncStore'
import { SyncNotifier } from './SyncNotifier'

const DAY_MS = 24 * 60 * 60 * 1000
export const DEFAULT_TOMBSTONE_RETENTION_DAYS = 30
/** How often an open space compacts again (besides at open). */
export const COMPACT_EVERY_MS = 6 * 60 * 60 * 1000

/** One person's sync: their log, the server engine over it, and the notifier of their event streams. */
export interface SyncSpace {
  store: SqlSyncStore
  server: SyncServer
  notifier: SyncNotifier
  /** Stops compaction and closes the sync log's database connection. */
  close(): Promise<void>
}

export interface SyncSpaceOptions {
  /** Deletes are kept this long before compaction drops them (SYNC_TOMBSTONE_RETENTION_DAYS). */
  retentionMs: number
  /** The server clock's node id: each instance of a deployment its own (default `server`). */
  clockNode?: string
  /** Runs each push and server write with the log to itself across instances (cluster/pgSyncLocks). */
  exclusive?: <T>(work: () => Promise<T>) => Promise<T>
  now?: () => number
  logError?: (error: unknown) => void
}

/** SYNC_TOMBSTONE_RETENTION_DAYS (default 30, at least 1) in ms; anything else is a startup error. */
export function syncRetentionMs(env: Record<string, string | undefined>): number {
  const raw = env.SYNC_TOMBSTONE_RETENTION_DAYS
  const days = raw === undefined || raw === '' ? DEFAULT_TOMBSTONE_RETENTION_DAYS : Number(raw)
  if (!Number.isFinite(days) || days < 1) {
    throw new Error(`SYNC_TOMBSTONE_RETENTION_DAYS must be a number of days >= 1, got ${JSON.stringify(raw)}`)
  }
  return days * DAY_MS
}

/**
 * Opens the sync log in `dir/quire.db`, or in a driver's database (the person's PostgreSQL schema,
 * see openDatabases), which the space then owns: the person's own database, already migrated by
 * openSqlStore (migrating again is a no-op), over a connection of its own: SqlStore keeps its driver
 * private, and better-sqlite3 statements are synchronous, so the two connections never hold a lock
 * across an await.
 *
 * The server's clock receives the highest stamp stored, so drift is judged from where the log is; a
 * stored stamp beyond the drift limit (this machine's clock was set back) is skipped rather than
 * refusing to open. Compaction runs at open and every COMPACT_EVERY_MS while the space is open.
 * API keys never enter or leave the log (secretFreeSyncStore); keys an older version logged are
 * scrubbed at open (scrubSyncLog).
 */
export async function openSyncSpace(at: string | SqlDriver, options: SyncSpaceOptions): Promise<SyncSpace> {
  const now = options.now ?? Date.now
  const logError = options.logError ?? console.error
  const driver = typeof at === 'string' ? sqliteIn(at) : at
  try {
    await migrate(driver)
    const store = new SqlSyncStore(driver)
    const clock = new HlcClock(options.clockNode ?? 'server', now)
    const highest = await store.highestStamp()
    try {
      if (highest) clock.receive(highest)
    } catch (error) {
      if (!(error instanceof ClockDriftError)) throw error
      logError(new Error(`The sync log holds stamps ahead of this machine's clock: ${error.message}`))
    }
    await store.compact(options.retentionMs, now())
    await scrubSyncLog(store)
    const notifier = new SyncNotifier(await store.latestSeq())
    let compacting: Promise<unknown> = Promise.resolve()
    const timer = setInterval(() => {
      compacting = store.compact(options.retentionMs, now()).catch(logError)
    }, COMPACT_EVERY_MS)
    timer.unref()
    return {
      store,
      // No API key enters the log or leaves it, whatever a device pushes (see secretFreeSyncStore).
      server: new SyncServer(secretFreeSyncStore(store), clock, options.exclusive),
      notifier,
      async close() {
        clearInterval(timer)
        await compacting
        await driver.close()
      },
    }
  } catch (error) {
    await driver.close()
    throw error
  }
}

function sqliteIn(dir: string): SqliteDriver {
  mkdirSync(dir, { recursive: true })
  return new SqliteDriver(join(dir, 'quire.db'))
}
