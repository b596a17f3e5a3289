import { z } from 'zod'
import { defineRecordKind } from '../RecordKind'

/**
 * A route of the app's navigation tree (`parent_id` in its fields). The fields every stored route has,
 * from the first version on; the BrainDrive fields added with issue 15 (`is_visible`,
 * `is_system_route`, `default_component_id`, `default_page_id`, `can_change_default`,
 * `is_collapsible`) are optional, since routes stored before them lack them (their view fills in
 * BrainDrive's defaults).
 */
export const navigationRouteKind = defineRecordKind({
  kind: 'navigation_route',
  notFound: 'Navigation route not found',
  idParam: 'route_id',
  sync: 'always',
  fields: z.looseObject({
    name: z.string(),
    route: z.string(),
    icon: z.string().nullable(),
    description: z.string(),
    display_order: z.number(),
    parent_id: z.string().nullable(),
    is_expanded: z.boolean(),
    is_visible: z.boolean().optional(),
    is_system_route: z.boolean().optional(),
    default_component_id: z.string().nullable().optional(),
    default_page_id: z.string().nullable().optional(),
    can_change_default: z.boolean().optional(),
    is_collapsible: z.boolean().optional(),
  }),
})
