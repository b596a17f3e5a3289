import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A person's tag, attached to conversations. */
export const tagKind = defineRecordKind({
  kind: 'tag',
  notFound: 'Tag not found',
  idParam: 'tag_id',
  sync: 'always',
  fields: z.looseObject({ name: z.string(), color: z.string() }),
})
