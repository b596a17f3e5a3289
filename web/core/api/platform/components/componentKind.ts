import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A reusable component the page designer offers (addressed by its `component_id` in paths). */
export const componentKind = defineRecordKind({
  kind: 'component',
  notFound: 'Component not found',
  idParam: 'component_id',
  sync: 'always',
  fields: z.looseObject({ name: z.string(), component_id: z.string() }),
})
