import { z } from 'zod'

/**
 * Request and answer schemas of the plugin record routes. Answers are described loosely (their shape is
 * `pluginViews.ts`): a plugin's fields are whatever its manifest declared.
 */

export const moduleSchema = z
  .looseObject({
    id: z.string(),
    plugin_id: z.string(),
    pluginId: z.string(),
    name: z.string(),
    display_name: z.string(),
    displayName: z.string(),
    enabled: z.boolean(),
    priority: z.number(),
  })
  .meta({ id: 'PluginModule' })

export const pluginSchema = z
  .looseObject({
    id: z.string(),
    plugin_slug: z.string(),
    name: z.string(),
    version: z.string(),
    enabled: z.boolean(),
    status: z.string(),
    trusted: z.boolean(),
    files: z.record(z.string(), z.string()),
    base_url: z.string(),
    bundle_url: z.string(),
    update_available: z.boolean(),
    modules: z.array(moduleSchema),
  })
  .meta({ id: 'Plugin' })

export const manifestSchema = z
  .record(z.string(), pluginSchema.extend({ database_id: z.string() }))
  .meta({ id: 'PluginManifest' })

export const successSchema = z.looseObject({ status: z.literal('success'), message: z.string() })

/** `{enabled}`, for a plugin or a module. BrainDrive coerces any value with `bool()`; Quire wants a boolean. */
export const enabledBody = z.looseObject({ enabled: z.boolean() })

/**
 * `{enabled?, trusted?}` for a plugin, at least one of them. `trusted` is the person's choice, made in
 * Quire's own UI after a warning; a plugin can never send it (the runtime refuses any write a module
 * makes to `/api/v1/plugins/*`).
 */
export const pluginPatchBody = z
  .looseObject({ enabled: z.boolean().optional(), trusted: z.boolean().optional() })
  .refine((body) => body.enabled !== undefined || body.trusted !== undefined, {
    message: 'Give enabled or trusted (a boolean)',
    path: ['enabled'],
  })

/** `{plugin_data, module_data}`, as `plugin.json` holds them; `validateManifest` checks the rest. */
export const registerBody = z.looseObject({ plugin_data: z.unknown(), module_data: z.unknown() })

const positiveInt = z.coerce.number().int().min(1)
const list = z.union([z.string(), z.array(z.string())]).transform((value) =>
  (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== ''),
)

/** BrainDrive's `page`/`pageSize`, also as `page_size`, or `limit`/`offset`. */
export const managerQuery = z.object({
  search: z.string().optional(),
  category: z.string().optional(),
  tags: list.optional(),
  plugin_type: z.string().optional(),
  page: positiveInt.default(1),
  pageSize: positiveInt.max(100).optional(),
  page_size: positiveInt.max(100).optional(),
  limit: positiveInt.max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})

export const slugParams = z.object({ plugin_slug: z.string().min(1) })
export const pluginIdParams = z.object({ plugin_id: z.string().min(1) })
export const moduleParams = z.object({ plugin_id: z.string().min(1), module_id: z.string().min(1) })
