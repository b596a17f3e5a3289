import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/**
 * One module of a plugin (a `module_data` entry), stored under its plugin (`parent_id` = plugin id) so
 * a plugin's modules list without a scan. `enabled` is the person's choice, kept across updates.
 */
export const pluginModuleFields = z.looseObject({
  name: z.string().min(1),
  plugin_id: z.string(),
  enabled: z.boolean(),
})

export type PluginModuleRecordData = z.output<typeof pluginModuleFields>

export const pluginModuleKind = defineRecordKind({
  kind: 'plugin_module',
  notFound: 'Module not found',
  idParam: 'module_id',
  sync: 'always',
  fields: pluginModuleFields,
})
