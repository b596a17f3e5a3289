import { isLive } from './SyncRecord'
import type { SyncTransport } from './SyncClient'

/** A record's key in `accountRecordKeys`' answer. */
export const recordKey = (kind: string, id: string): string => `${kind} ${id}`

/**
 * The live records an account holds on its server, as `recordKey`s: read with plain pulls from the
 * start of its log, which change nothing here (no cursor, no replica). What a device signing in asks
 * to tell its own data from the account's before anything is sent.
 */
export async function accountRecordKeys(transport: SyncTransport, pageSize = 500): Promise<Set<string>> {
  const keys = new Set<string>()
  let after = 0
  for (let resets = 0; ;) {
    // Read as a resync: a full read from 0, which compaction during it must not cut short.
    const page = await transport.pull(after, pageSize, true)
    if (page.reset) {
      // A log compacted meanwhile: read it again from its start.
      if (++resets > 3) throw new Error('The sync server keeps asking for a resync')
      keys.clear()
      after = 0
      continue
    }
    for (const { record } of page.changes) {
      const key = recordKey(record.kind, record.id)
      if (isLive(record)) keys.add(key)
      else keys.delete(key)
    }
    after = page.cursor
    if (!page.more) return keys
  }
}
