import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A page a person designed. */
export const pageKind = defineRecordKind({
  kind: 'page',
  notFound: 'Page not found',
  idParam: 'page_id',
  sync: 'always',
  fields: z.looseObject({ name: z.string(), route: z.string() }),
})
