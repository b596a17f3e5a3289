import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { runningGenerations } from '../../../web/core/providers/runningGenerations'
import type { FileStore } from '../../../web/core/store/FileStore'
import type { Store } from '../../../web/core/store/Store'
import { PgFileStore } from '../files/PgFileStore'
import type { UserSpace, UserSpaces } from '../spaces/UserSpaces'
import { personSchema } from '../sql/openDatabases'
import type { BlobUploads } from '../syncApi/BlobUploads'
import { PgBlobParts } from '../syncApi/PgBlobParts'
import { ClusterBus } from './ClusterBus'
import { pgSyncLocks } from './pgSyncLocks'
import { shareGenerationCancels } from './shareGenerationCancels'
import { shareSpaceChanges } from './shareSpaceChanges'

/** What an instance of a deployment on PostgreSQL (DATABASE_URL) does differently for each person. */
export interface Cluster {
  /**
   * This instance's sync clock node (`server-<random>`): two instances never mint the same stamp,
   * and a stamp says which instance wrote it.
   */
  clockNode: string
  /** Runs a push or server write to the person's sync log with it to itself across instances. */
  syncExclusive(userId: string): <T>(work: () => Promise<T>) => Promise<T>
  /** Runs an upload's look for the same content and its new document with the collection to itself across instances. */
  collectionLock(userId: string): <T>(collectionId: string, work: () => Promise<T>) => Promise<T>
  /** The person's plain store, announcing to the other instances what changes a search index. */
  announcing(userId: string, store: Store): Store
  /** The person's files and unfinished blob uploads, in their schema where every instance reads them. */
  files(userId: string): Promise<FileStore>
  blobUploads(userId: string): Promise<BlobUploads>
  /** Publishes the space's sync cursors to the others; returns the function that stops it. */
  attach(space: Pick<UserSpace, 'userId' | 'sync'>): () => void
  /** Stops listening (after every space closed, before the pool ends). */
  close(): Promise<void>
}

/**
 * Joins the instances sharing this PostgreSQL: the cluster bus on a connection of its own (LISTEN
 * needs a session, never a pooled one), over the pool's own settings.
 */
export async function joinCluster(
  pool: pg.Pool,
  spaces: UserSpaces,
  logError: (error: unknown) => void,
): Promise<Cluster> {
  const bus = await ClusterBus.open({
    connection: { ...pool.options, application_name: 'quire-cluster-bus' },
    onError: logError,
  })
  const changes = shareSpaceChanges(bus, spaces, logError)
  const locks = pgSyncLocks(pool.options)
  // A chat's cancel may reach another instance than the one generating (runningGenerations is in memory).
  const stopCancels = shareGenerationCancels(bus, runningGenerations, logError)
  return {
    clockNode: `server-${randomUUID().slice(0, 8)}`,
    syncExclusive: (userId) => locks.exclusiveFor(userId),
    collectionLock: (userId) => locks.collectionFor(userId),
    announcing: (userId, store) => changes.announcing(userId, store),
    files: (userId) => PgFileStore.open(pool, personSchema(userId)),
    blobUploads: (userId) => PgBlobParts.open(pool, personSchema(userId)),
    attach: (space) => changes.attach(space),
    async close() {
      changes.stop()
      stopCancels()
      await bus.close()
      await locks.close()
    },
  }
}
