import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A saved value of a setting definition. */
export const settingInstanceKind = defineRecordKind({
  kind: 'setting_instance',
  notFound: 'Setting instance not found',
  idParam: 'instance_id',
  sync: 'always',
  fields: z.looseObject({ definition_id: z.string() }),
})
