import { settingInstanceKind } from '../records/kinds/settingInstanceKind'
import type { Store } from '../store/Store'
import { withKeySettingForm } from './keySettingValue'

/**
 * Rewrites the key settings an older version stored as a bare key or JSON text in their one form
 * (`{api_key}`, see keySettingValue), so that the store's own rules (sealing, on the server) see the
 * key. Resolves how many it rewrote; a store with none is not written to.
 */
export async function keySettingsInOneForm(store: Pick<Store, 'records'>): Promise<number> {
  const records = await store.records.listRecords(settingInstanceKind.kind)
  const writes = records.flatMap((record) => {
    const data = withKeySettingForm(record.data)
    return data === record.data ? [] : [{ put: { ...record, data } }]
  })
  if (writes.length > 0) await store.records.writeRecords(writes)
  return writes.length
}
