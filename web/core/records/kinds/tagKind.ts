import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A person's tag, attached to conversations. Every tag the routes write carries these fields. */
export const tagKind = defineRecordKind({
  kind: 'tag',
  notFound: 'Tag not found',
  idParam: 'tag_id',
  sync: 'always',
  fields: z.looseObject({ name: z.string(), color: z.string(), user_id: z.string() }),
})
