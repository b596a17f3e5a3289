import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A persona: a system prompt and model settings a conversation can use. Every persona the routes write carries these fields. */
export const personaKind = defineRecordKind({
  kind: 'persona',
  notFound: 'Persona not found',
  idParam: 'persona_id',
  sync: 'always',
  fields: z.looseObject({ name: z.string(), is_active: z.boolean() }),
})
