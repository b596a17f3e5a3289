import { z } from 'zod'
import { pageRoute } from '../pages/pageSchemas'

export const NAVIGATION_KIND = 'navigation_route'

const order = z.int().min(0).max(1_000_000)

const routeFields = {
  name: z.string().trim().min(1).max(200),
  route: pageRoute,
  icon: z.string().max(200).nullable(),
  description: z.string().max(2000),
  order,
  display_order: order,
  parent_id: z.uuid().nullable(),
  is_expanded: z.boolean(),
}

export const createNavigationRouteBody = z.strictObject({
  name: routeFields.name,
  route: routeFields.route,
  icon: routeFields.icon.default(null),
  description: routeFields.description.default(''),
  order: routeFields.order.optional(),
  display_order: routeFields.display_order.optional(),
  parent_id: routeFields.parent_id.default(null),
  is_expanded: routeFields.is_expanded.default(false),
})

export const updateNavigationRouteBody = z.strictObject({
  name: routeFields.name.optional(),
  route: routeFields.route.optional(),
  icon: routeFields.icon.optional(),
  description: routeFields.description.optional(),
  order: routeFields.order.optional(),
  display_order: routeFields.display_order.optional(),
  parent_id: routeFields.parent_id.optional(),
  is_expanded: routeFields.is_expanded.optional(),
})

export const moveBody = z.strictObject({ parent_id: z.uuid().nullable(), display_order: order })

export const batchUpdateBody = z
  .array(
    z.strictObject({
      id: z.uuid(),
      parent_id: z.uuid().nullable(),
      display_order: order,
      is_expanded: z.boolean().optional(),
    }),
  )
  .min(1)
  .max(1000)

export const navigationRouteSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    route: z.string(),
    icon: z.string().nullable(),
    description: z.string(),
    order: z.int(),
    display_order: z.int(),
    parent_id: z.uuid().nullable(),
    is_expanded: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'NavigationRoute' })

export interface NavigationNode extends Record<string, unknown> {
  children: NavigationNode[]
}

export const navigationNodeSchema: z.ZodType = navigationRouteSchema.extend({
  children: z.array(z.lazy(() => navigationNodeSchema)),
})

export const navigationRouteParams = z.object({ route_id: z.uuid() })
