import type { LocalChange } from '../SyncClient'

/**
 * Where a host's local writes go to be synced: the device's SyncClient (its outbox) in the browser,
 * the person's SyncServer (their log) on the server. Both stamp the fields with their clock.
 */
export interface SyncSink {
  /** Edits made together, recorded together (one transaction on a device). */
  changes(changes: readonly LocalChange[]): Promise<unknown>
  remove(kind: string, id: string): Promise<unknown>
}
