import { createHash } from 'node:crypto'
import pg from 'pg'
import { withAdvisoryLock } from '../sql/pgSetupLock'

export interface SyncLocks {
  /** Runs `work` holding the person's sync lock, whichever instance holds it otherwise waits. */
  exclusiveFor(userId: string): <T>(work: () => Promise<T>) => Promise<T>
  /**
   * Runs `work` holding the lock of one of the person's collections (`DocumentPorts.collectionLock`:
   * an upload's look for the same content and the document it makes), whichever instance holds it.
   */
  collectionFor(userId: string): <T>(collectionId: string, work: () => Promise<T>) => Promise<T>
  close(): Promise<void>
}

/**
 * One advisory lock per person's sync log (and one per person's collection, for uploads), so pushes and server writes to it run one at a time across
 * the instances of a deployment (SyncServer's `exclusive`). Session locks, held on connections of a
 * small pool of their own: the work itself runs on the main pool, and if lock holders took the main
 * pool's connections, a full pool of holders would wait forever for a connection to do their work.
 * A connection whose unlock failed is closed, which releases its locks.
 */
export function pgSyncLocks(options: pg.PoolConfig, size = 4): SyncLocks {
  const locks = new pg.Pool({ ...options, max: size, application_name: 'quire-sync-locks' })
  locks.on('error', () => {}) // an idle lock connection cut: the pool replaces it on next use
  locks.on('connect', (client) => client.on('error', () => {})) // a held one's: its unlock fails and closes it
  return {
    exclusiveFor(userId) {
      const key = lockKey(`sync:${userId}`)
      // The work runs on the main pool; the lock's connection only holds the lock.
      return (work) => withAdvisoryLock(locks, key, () => work())
    },
    collectionFor(userId) {
      return (collectionId, work) =>
        withAdvisoryLock(locks, lockKey(`collection:${userId}:${collectionId}`), () => work())
    },
    close: () => locks.end(),
  }
}

/** An advisory lock's key (a bigint as text) for a name: the first 8 bytes of its SHA-256. */
function lockKey(name: string): string {
  return createHash('sha256').update(`quire:${name}`).digest().readBigInt64BE(0).toString()
}
