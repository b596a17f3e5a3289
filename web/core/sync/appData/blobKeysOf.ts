import { FILE_KEY } from '../../store/FileStore'
import type { SyncRecord } from '../SyncRecord'
import { pluginKind } from '../../records/kinds/pluginKind'
import { fromSyncFields } from './syncFields'
import { CHUNKS_FIELD, recordSyncKind, SYNC_KIND } from './syncKinds'
import { DATA_PREFIX, isPlainObject } from './syncValues'

const PLUGIN_SYNC_KIND = recordSyncKind(pluginKind.kind)

/**
 * The FileStore blobs a synced change names, which must reach the server before the change does (and
 * another device fetches before applying it): a document's file and chunk blob, a plugin's package
 * files (`data.files`, path to SHA-256). Only well-formed keys; a change of another kind names none.
 */
export function blobKeysOf(change: Pick<SyncRecord, 'kind' | 'fields'>): string[] {
  const values = fromSyncFields(change)
  let keys: unknown[] = []
  if (change.kind === SYNC_KIND.document) {
    keys = [
      String(values.file_path ?? '')
        .split('/')
        .pop(),
      values[CHUNKS_FIELD],
    ]
  } else if (change.kind === PLUGIN_SYNC_KIND) {
    const files = values[`${DATA_PREFIX}files`]
    keys = isPlainObject(files) ? Object.values(files) : []
  }
  return [...new Set(keys.filter((k): k is string => typeof k === 'string' && FILE_KEY.test(k)))]
}
