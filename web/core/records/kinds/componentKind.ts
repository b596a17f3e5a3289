import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'
import { componentKey } from './componentKey'

/**
 * A reusable component the page designer offers, addressed in paths by its `component_id` (a unique
 * string such as `dashboard`), so the id parameter is that key rather than a UUID.
 */
export const componentKind = defineRecordKind({
  kind: 'component',
  notFound: 'Component not found',
  idParam: 'component_id',
  idSchema: componentKey,
  sync: 'always',
  fields: z.looseObject({
    name: z.string(),
    component_id: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    is_system: z.boolean(),
  }),
})
