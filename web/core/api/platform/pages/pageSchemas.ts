import { z } from 'zod'
import { booleanQuery } from '../booleanQuery'
import { userIdInput } from '../compat/callerUserId'
import { recordId } from '../../../records/recordId'
import { BACKUP_REASONS } from '../../../records/kinds/pageBackupKind'
import { pageKind } from '../../../records/kinds/pageKind'

/**
 * The store kind of pages, for resources that look pages up by id (setting instances scoped to a
 * page). Page routes use `pageKind` itself.
 */
export const PAGE_KIND = pageKind.kind

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/
const ROUTE = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/

/**
 * A page route as Quire stores and sends it: "/" and one or more segments of URL-safe characters, no
 * empty segments, no trailing slash, no segment starting with "." (".." would be folded away by URL
 * parsing before it arrives).
 */
export const pageRoute = z
  .string()
  .max(500)
  .regex(ROUTE, 'A route starts with "/" and has segments of letters, digits, ".", "_", "~" and "-"')

/**
 * A page route as clients send it: Quire's form, or BrainDrive's, which has no leading slash
 * (`my-page-1712345678`, `docs/intro`): one leading "/" is added, so both name the same route.
 */
export const pageRouteInput = z
  .string()
  .max(500)
  .transform((value) => (value.startsWith('/') ? value : `/${value}`))
  .pipe(pageRoute)
  .meta({ type: 'string', description: 'A route, with or without its leading "/"' })

const routeSegment = z
  .string()
  .max(200)
  .regex(SEGMENT, 'One route segment: letters, digits, ".", "_", "~" and "-"')

export const PARENT_TYPES = ['page', 'navigation'] as const

/**
 * BrainDrive's parent types for its built-in sections; Quire reads each as the navigation route of
 * that name (`dashboard` -> parent_type `navigation` at `/dashboard`), where BrainDrive places the
 * page at `dashboard/<name>` too.
 */
export const CORE_PARENT_TYPES = ['dashboard', 'plugin-studio', 'settings'] as const

/** A parent type as sent: Quire's, BrainDrive's core sections, or "" / null for none. */
const parentTypeInput = z
  .enum([...PARENT_TYPES, ...CORE_PARENT_TYPES, ''])
  .nullable()
  .transform((value) => (value === '' ? null : value))

/**
 * A parent route as sent: a route (either form), or "" / null for none (BrainDrive's page service
 * sends "" to clear it).
 */
const parentRouteInput = z.union([z.literal('').transform(() => null), pageRouteInput]).nullable()

/** A navigation route's id (with or without hyphens), or "" / null for none. */
const navigationRouteIdInput = z
  .union([z.literal('').transform(() => null), recordId])
  .nullable()
  .meta({ description: 'A navigation route id (with or without hyphens); "" or null for none' })

/**
 * The designer's content. Any JSON object: BrainDrive's studio sends `{layouts, modules, canvas}`,
 * the spec names `{layout, components}`; those two are checked when present, the rest kept as sent.
 */
export const pageContent = z.looseObject({
  layout: z.record(z.string(), z.unknown()).optional(),
  components: z.array(z.unknown()).optional(),
})

const pageFields = {
  name: z.string().trim().min(1).max(200),
  route: pageRouteInput,
  route_segment: routeSegment,
  parent_route: parentRouteInput,
  parent_type: parentTypeInput,
  is_parent_page: z.boolean(),
  description: z.string().max(2000).nullable(),
  icon: z.string().max(200).nullable(),
  content: pageContent,
  navigation_route_id: navigationRouteIdInput,
}

/** Unknown fields are ignored, as FastAPI ignores them (DESIGN.md section 2). */
export const createPageBody = z.object({
  name: pageFields.name,
  route: pageFields.route,
  route_segment: pageFields.route_segment.optional(),
  parent_route: pageFields.parent_route.default(null),
  parent_type: pageFields.parent_type.default(null),
  is_parent_page: pageFields.is_parent_page.default(false),
  description: pageFields.description.default(''),
  icon: pageFields.icon.default(null),
  content: pageFields.content.default({ layout: {}, components: [] }),
  navigation_route_id: pageFields.navigation_route_id.default(null),
})

export const updatePageBody = z.object({
  name: pageFields.name.optional(),
  route: pageFields.route.optional(),
  route_segment: pageFields.route_segment.optional(),
  parent_route: pageFields.parent_route.optional(),
  parent_type: pageFields.parent_type.optional(),
  is_parent_page: pageFields.is_parent_page.optional(),
  description: pageFields.description.optional(),
  icon: pageFields.icon.optional(),
  content: pageFields.content.optional(),
  navigation_route_id: pageFields.navigation_route_id.optional(),
  is_published: z.boolean().optional(),
})

export const hierarchyBody = z.object({
  parent_route: pageFields.parent_route.optional(),
  parent_type: pageFields.parent_type.optional(),
  route_segment: pageFields.route_segment.optional(),
  is_parent_page: pageFields.is_parent_page.optional(),
})

/**
 * The list's query: BrainDrive's filters (each optional, all given ones apply), `limit` (1..100,
 * default 100 as BrainDrive's) and `offset`, or BrainDrive's name for it, `skip`.
 */
export const listPagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  offset: z.coerce.number().int().min(0).optional(),
  skip: z.coerce.number().int().min(0).optional(),
  published_only: booleanQuery.optional(),
  is_parent_page: booleanQuery.optional(),
  parent_type: z.string().max(100).optional(),
  parent_route: z
    .string()
    .max(500)
    .transform((value) => (value === '' || value.startsWith('/') ? value : `/${value}`))
    .optional(),
  navigation_route_id: recordId.optional(),
  creator_id: userIdInput.optional(),
})

const nullableTimestamp = z.string().nullable()

export const pageSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    route: z.string(),
    route_segment: z.string(),
    parent_route: z.string().nullable(),
    parent_type: z.enum(PARENT_TYPES).nullable(),
    is_parent_page: z.boolean(),
    description: z.string().nullable(),
    icon: z.string().nullable(),
    navigation_route_id: z.string().nullable(),
    content: z.record(z.string(), z.unknown()),
    creator_id: z.string(),
    is_published: z.boolean(),
    publish_date: nullableTimestamp,
    backup_date: nullableTimestamp,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'PageResponse' })

/** One page as GET by id or by route answers it: with the content of its last backup. */
export const pageDetailSchema = pageSchema
  .extend({ content_backup: z.record(z.string(), z.unknown()).nullable() })
  .meta({ id: 'PageDetailResponse' })

export const pageBackupSchema = z
  .object({
    id: z.uuid(),
    page_id: z.uuid(),
    name: z.string(),
    route: z.string(),
    content: z.record(z.string(), z.unknown()),
    label: z.string().optional(),
    reason: z.enum(BACKUP_REASONS).optional(),
    created_at: z.string(),
  })
  .meta({ id: 'PageBackup' })

/** A backup in the page's history (GET .../backups): without its content, with its module count. */
export const pageBackupSummarySchema = z
  .object({
    id: z.uuid(),
    page_id: z.uuid(),
    name: z.string(),
    route: z.string(),
    label: z.string(),
    reason: z.enum(BACKUP_REASONS),
    module_count: z.int().min(0),
    created_at: z.string(),
  })
  .meta({ id: 'PageBackupSummary' })

/** A backup's name in the history, as the person gives it. */
export const backupLabel = z.string().trim().min(1).max(100)

export const pageRouteParams = z.object({ route: z.string().min(1).max(500) })
