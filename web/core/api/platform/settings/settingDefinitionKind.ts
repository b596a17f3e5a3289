import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A setting definition; its id is the definition's own string id (`theme_settings`), not a UUID. */
export const settingDefinitionKind = defineRecordKind({
  kind: 'setting_definition',
  notFound: 'Setting definition not found',
  idParam: 'definition_id',
  sync: 'always',
  fields: z.looseObject({ name: z.string() }),
})
