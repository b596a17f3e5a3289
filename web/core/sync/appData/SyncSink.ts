/**
 * Where a host's local writes go to be synced: the device's SyncClient (its outbox) in the browser,
 * the person's SyncServer (their log) on the server. Both stamp the fields with their clock.
 */
export interface SyncSink {
  change(kind: string, id: string, fields: Record<string, unknown>): Promise<unknown>
  remove(kind: string, id: string): Promise<unknown>
}
