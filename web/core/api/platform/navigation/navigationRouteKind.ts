import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/** A route of the app's navigation tree (`parent_id` in its fields). */
export const navigationRouteKind = defineRecordKind({
  kind: 'navigation_route',
  notFound: 'Navigation route not found',
  idParam: 'route_id',
  sync: 'always',
  fields: z.looseObject({ name: z.string(), route: z.string() }),
})
