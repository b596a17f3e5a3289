import { withoutSecretsInRecord } from '../../../web/core/sync/appData/secretFreeSyncStore'
import { recordSyncKind, SYNC_KIND } from '../../../web/core/sync/appData/syncKinds'
import type { SqlSyncStore } from '../sql/SqlSyncStore'

/** The sync kinds a version before secrets were left out of sync could have logged one in. */
const KINDS_WITH_KEYS = [
  SYNC_KIND.settings,
  recordSyncKind('setting_instance'),
  recordSyncKind('plugin_state'),
]

/**
 * Takes secrets (see secretFields: API keys, and in settings any secret-looking name such as `token`
 * or `password`) out of a person's sync log where an older version logged them (the settings, with
 * the operator's key among them, and setting instances), once, when their space opens: each record
 * that held one is stored again without it, at a new seq, so devices pull the clean version (and keep
 * their own keys, see SyncApplier). Later writes never log a key (secretFreeSyncStore). SQLite may
 * keep the replaced bytes in free pages until it reuses them; `VACUUM` clears those. Resolves how many
 * records it rewrote.
 */
export async function scrubSyncLog(store: SqlSyncStore): Promise<number> {
  let scrubbed = 0
  for (const record of await store.recordsOfKinds(KINDS_WITH_KEYS)) {
    const clean = withoutSecretsInRecord(record)
    if (clean === record) continue
    await store.putRecord(clean)
    scrubbed++
  }
  return scrubbed
}
