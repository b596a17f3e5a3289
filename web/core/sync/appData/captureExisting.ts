import type { FileStore } from '../../store/FileStore'
import type { Store } from '../../store/Store'
import { SETTING_SECRET_NAMES, withoutSecrets } from '../../secrets/secretFields'
import { documentSyncValues } from './documentSyncValues'
import { toSyncFields } from './syncFields'
import { isUnchangedSeed } from '../../records/isSeeded'
import { recordSyncKind, recordSyncs, SETTINGS_ID, SYNC_KIND, SYNCED_RECORD_KINDS } from './syncKinds'
import type { SyncSink } from './SyncSink'
import {
  ALL_MESSAGES,
  collectionValuesOf,
  isPlainObject,
  messageValuesOf,
  sessionValuesOf,
  syncedRecordValues,
} from './syncValues'

/**
 * Hands the sink every record (API keys left out: they never sync) of the store that sync does not know yet (`known` says which it
 * does): the data a device made before it was first signed in, or a server's data from before its
 * sync log. Parents go first (collections before their documents, sessions before messages), so
 * they apply in order elsewhere. Resolves how many records it captured.
 */
export async function captureExisting(
  store: Store,
  files: FileStore,
  sink: SyncSink,
  known: (kind: string, id: string) => Promise<boolean>,
): Promise<number> {
  let captured = 0
  const capture = async (kind: string, id: string, values: () => Promise<Record<string, unknown>>) => {
    if (await known(kind, id)) return
    await sink.changes([{ kind, id, fields: toSyncFields(await values()) }])
    captured++
  }
  for (const collection of await store.collections.listCollections()) {
    await capture(SYNC_KIND.collection, collection.id, async () => collectionValuesOf(collection))
  }
  for (const document of await store.documents.listDocuments({ statuses: ['completed', 'failed'] })) {
    await capture(SYNC_KIND.document, document.id, () => documentSyncValues(store, files, document))
  }
  for (const session of await store.chat.listSessions()) {
    await capture(SYNC_KIND.session, session.id, async () => sessionValuesOf(session))
    for (const message of await store.chat.listMessages(session.id, { limit: ALL_MESSAGES })) {
      await capture(SYNC_KIND.message, message.id, async () => messageValuesOf(message))
    }
  }
  const settings = await store.settings.getSettings()
  if (isPlainObject(settings)) {
    await capture(SYNC_KIND.settings, SETTINGS_ID, async () => withoutSecrets(settings, SETTING_SECRET_NAMES))
  }
  for (const kind of SYNCED_RECORD_KINDS) {
    for (const record of await store.records.listRecords(kind)) {
      // Seeds no one changed are on every host already; sending them would undo a change made elsewhere.
      if (recordSyncs(record) && !isUnchangedSeed(record)) {
        await capture(recordSyncKind(kind), record.id, async () => syncedRecordValues(record))
      }
    }
  }
  return captured
}
