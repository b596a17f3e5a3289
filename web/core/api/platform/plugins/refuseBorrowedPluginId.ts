import type { StoredRecord } from '../../../store/StoredRecord'
import { canonicalId } from '../../../records/recordId'
import { conflict } from '../platformErrors'
import { pluginKind } from '../../../records/kinds/pluginKind'
import type { RecordPorts } from '../../../records/platformRecords'

/**
 * 409 when a manifest's `plugin_data.id` names another installed plugin: its record id (either form),
 * the `id` its own manifest gave, or its slug (BrainDrive's manifests key plugins by slug). The views
 * show a plugin's stored `id` over its record id, so a package taking another's id would be listed,
 * looked up and opened as that plugin. An update of the same plugin (`replaces`) may keep its own id.
 */
export async function refuseBorrowedPluginId(
  ports: RecordPorts,
  plugin: Record<string, unknown>,
  replaces?: StoredRecord,
): Promise<void> {
  const claimed = plugin.id
  if (claimed === undefined || claimed === null || claimed === '') return
  const id = String(claimed)
  const canonical = canonicalId(id)
  for (const other of await pluginKind.list(ports)) {
    if (other.id === replaces?.id) continue
    const otherSlug = String(other.data.plugin_slug)
    if (other.id === canonical || other.data.id === claimed || otherSlug === id) {
      throw conflict(
        `plugin_data.id '${id}' is the id of the installed plugin '${otherSlug}'; ` +
          'a package may not take another plugin’s id (remove plugin_data.id or choose another)',
      )
    }
  }
}
