import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

const sha256 = z.string().regex(/^[0-9a-f]{64}$/)

/**
 * An installed (or registered) plugin: every `plugin_data` field of its manifest, plus what Quire keeps
 * about the install. `files` maps each package path to the SHA-256 key of its bytes in the FileStore, so
 * a device that receives the record by sync knows which blobs to fetch, and `/plugins/{id}/{version}/...`
 * knows what it may serve. Fields arriving by sync are checked here: a record without its slug, version,
 * scope or files is skipped rather than half-installed.
 */
export const pluginFields = z.looseObject({
  plugin_slug: z.string().min(1),
  name: z.string(),
  version: z.string().min(1),
  scope: z.string(),
  bundle_location: z.string(),
  enabled: z.boolean(),
  status: z.enum(['installed', 'error']),
  files: z.record(z.string(), sha256),
  trusted: z.boolean(),
  installed_at: z.string(),
  install_source: z.looseObject({
    method: z.string(),
    url: z.string().optional(),
    catalog_id: z.string().optional(),
  }),
  last_update_check: z.string().nullable(),
  update_available: z.boolean(),
  latest_version: z.string().nullable(),
  user_id: z.string(),
})

export type PluginRecordData = z.output<typeof pluginFields>

export const pluginKind = defineRecordKind({
  kind: 'plugin',
  notFound: 'Plugin not found',
  idParam: 'plugin_id',
  // Installing on one device installs everywhere (DESIGN.md section 7): the record and its files travel.
  sync: 'always',
  fields: pluginFields,
})
