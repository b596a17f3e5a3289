import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'
import { urlSafeKey } from '../urlSafeKey'

/** Client-chosen definition ids appear in paths, so they keep to URL-safe characters. */
export const definitionId = urlSafeKey

/** A setting definition; its id is the definition's own string id (`theme_settings`), not a UUID. */
export const settingDefinitionKind = defineRecordKind({
  kind: 'setting_definition',
  notFound: 'Setting definition not found',
  idParam: 'definition_id',
  idSchema: definitionId,
  sync: 'always',
  // The routes and the profile seeds write every field (create fills the defaults). The routes rely on
  // `name`, `type` and `allowed_scopes`, so a synced copy must have them; the rest must be of their type.
  fields: z.looseObject({
    name: z.string(),
    type: z.string(),
    allowed_scopes: z.array(z.string()),
    description: z.string().optional(),
    category: z.string().optional(),
    is_multiple: z.boolean().optional(),
    validation: z.record(z.string(), z.unknown()).optional(),
    tags: z.array(z.string()).optional(),
  }),
})
