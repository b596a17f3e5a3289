import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/**
 * A saved value of a setting definition, stored under it (`parent_id` is the definition's id) so a
 * definition's instances list without a scan. `value` is any JSON (and may hold encrypted keys).
 */
export const settingInstanceKind = defineRecordKind({
  kind: 'setting_instance',
  notFound: 'Setting instance not found',
  idParam: 'instance_id',
  sync: 'always',
  // The routes always write every field; only `definition_id` is required of a synced record, so an
  // older or partial copy still arrives (its value is what matters), while a field present must be of its type.
  fields: z.looseObject({
    definition_id: z.string(),
    name: z.string().optional(),
    scope: z.string().optional(),
    user_id: z.string().optional(),
    page_id: z.string().nullable().optional(),
  }),
})
