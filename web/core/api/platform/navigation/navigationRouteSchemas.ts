import { z } from 'zod'
import { booleanQuery } from '../booleanQuery'
import { recordId } from '../../../records/recordId'

const SEGMENT = '[A-Za-z0-9_~-][A-Za-z0-9._~-]*'

/**
 * A navigation route's path. BrainDrive's clients send it without a leading slash (`projects`: the web
 * app builds links as `/${route}`), the spec's examples with one; both are accepted and kept as sent.
 */
export const navigationPath = z
  .string()
  .max(500)
  .regex(
    new RegExp(`^/?${SEGMENT}(/${SEGMENT})*$`),
    'A route such as "projects" or "/projects": segments of letters, digits, ".", "_", "~" and "-"',
  )

const order = z.int().min(0).max(1_000_000)
const name = z.string().trim().min(1).max(200)
const icon = z.string().max(200)
const description = z.string().max(2000)
const componentRef = z.string().max(128)
/** BrainDrive's clients send `""` for "no default page"; pydantic reads it as null, and so does Quire. */
const pageRef = z.preprocess((value) => (value === '' ? null : value), recordId.nullable())

/** A value the client may send as null, read as left out (pydantic's `Optional[...] = None`). */
function nullish<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined)
}

export const createNavigationRouteBody = z.object({
  name,
  route: navigationPath,
  icon: icon.nullish().transform((value) => value ?? null),
  description: description.nullish().transform((value) => value ?? ''),
  order: nullish(order),
  display_order: nullish(order),
  parent_id: recordId.nullish().transform((value) => value ?? null),
  is_expanded: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  is_visible: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  is_collapsible: z
    .boolean()
    .nullish()
    .transform((value) => value ?? true),
  can_change_default: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  default_component_id: componentRef.nullish().transform((value) => value ?? null),
  default_page_id: pageRef.optional().transform((value) => value ?? null),
})

export const updateNavigationRouteBody = z.object({
  name: nullish(name),
  route: nullish(navigationPath),
  icon: nullish(icon),
  description: nullish(description),
  order: nullish(order),
  display_order: nullish(order),
  /** null: to the top level (not "left out"), as in move and batch-update. */
  parent_id: recordId.nullable().optional(),
  is_expanded: nullish(z.boolean()),
  is_visible: nullish(z.boolean()),
  is_collapsible: nullish(z.boolean()),
  can_change_default: nullish(z.boolean()),
  default_component_id: nullish(componentRef),
  /** null clears the default page (BrainDrive's one field where null is a value). */
  default_page_id: pageRef.optional(),
})

export const moveBody = z.object({ parent_id: recordId.nullable(), display_order: order })

export const batchUpdateBody = z
  .array(
    z.object({
      id: recordId,
      /** Left out: the parent stays; null: the top level. */
      parent_id: recordId.nullable().optional(),
      display_order: nullish(order),
      is_expanded: nullish(z.boolean()),
    }),
  )
  .min(1)
  .max(1000)

export const listNavigationQuery = z.object({
  visible_only: booleanQuery
    .optional()
    .meta({ description: 'Only routes with `is_visible` true (read as FastAPI reads booleans)' }),
})

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
    is_visible: z.boolean(),
    is_system_route: z.boolean(),
    is_collapsible: z.boolean(),
    default_component_id: z.string().nullable(),
    default_page_id: z.string().nullable(),
    can_change_default: z.boolean(),
    creator_id: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'NavigationRoute' })

export interface NavigationNode extends Record<string, unknown> {
  children: NavigationNode[]
}

export const navigationNodeSchema: z.ZodType = navigationRouteSchema.extend({
  depth_level: z.int(),
  children: z.array(z.lazy(() => navigationNodeSchema)),
})
