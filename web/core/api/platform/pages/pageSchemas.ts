import { z } from 'zod'

export const PAGE_KIND = 'page'
/** A copy of a page's content, kept under the page (`parent_id`). */
export const PAGE_BACKUP_KIND = 'page_backup'

/**
 * A page route: "/" and one or more segments of URL-safe characters, no empty segments, no trailing
 * slash, no segment starting with "." (".." would be folded away by URL parsing before it arrives).
 */
export const pageRoute = z
  .string()
  .max(500)
  .regex(
    /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/,
    'A route starts with "/" and has segments of letters, digits, ".", "_", "~" and "-"',
  )

const routeSegment = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/, 'One route segment: letters, digits, ".", "_", "~" and "-"')

export const PARENT_TYPES = ['page', 'navigation'] as const

/** The designer's content: a layout object and a list of components (other keys are kept). */
export const pageContent = z.looseObject({
  layout: z.record(z.string(), z.unknown()).default({}),
  components: z.array(z.unknown()).default([]),
})

const pageFields = {
  name: z.string().trim().min(1).max(200),
  route: pageRoute,
  route_segment: routeSegment,
  parent_route: pageRoute.nullable(),
  parent_type: z.enum(PARENT_TYPES).nullable(),
  is_parent_page: z.boolean(),
  description: z.string().max(2000),
  icon: z.string().max(200).nullable(),
  content: pageContent,
}

export const createPageBody = z.strictObject({
  name: pageFields.name,
  route: pageFields.route,
  route_segment: pageFields.route_segment.optional(),
  parent_route: pageFields.parent_route.default(null),
  parent_type: pageFields.parent_type.default(null),
  is_parent_page: pageFields.is_parent_page.default(false),
  description: pageFields.description.default(''),
  icon: pageFields.icon.default(null),
  content: pageFields.content.default({ layout: {}, components: [] }),
})

export const updatePageBody = z.strictObject({
  name: pageFields.name.optional(),
  route: pageFields.route.optional(),
  route_segment: pageFields.route_segment.optional(),
  parent_route: pageFields.parent_route.optional(),
  parent_type: pageFields.parent_type.optional(),
  is_parent_page: pageFields.is_parent_page.optional(),
  description: pageFields.description.optional(),
  icon: pageFields.icon.optional(),
  content: pageFields.content.optional(),
})

export const hierarchyBody = z.strictObject({
  parent_route: pageFields.parent_route.optional(),
  parent_type: pageFields.parent_type.optional(),
  route_segment: pageFields.route_segment.optional(),
  is_parent_page: pageFields.is_parent_page.optional(),
})

export const pageSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    route: z.string(),
    route_segment: z.string(),
    parent_route: z.string().nullable(),
    parent_type: z.enum(PARENT_TYPES).nullable(),
    is_parent_page: z.boolean(),
    description: z.string(),
    icon: z.string().nullable(),
    content: z.record(z.string(), z.unknown()),
    creator_id: z.string(),
    is_published: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'PageResponse' })

export const pageBackupSchema = z
  .object({
    id: z.uuid(),
    page_id: z.uuid(),
    name: z.string(),
    route: z.string(),
    content: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'PageBackup' })

export const pageParams = z.object({ page_id: z.uuid() })
export const pageRouteParams = z.object({ route: z.string().min(1).max(500) })
