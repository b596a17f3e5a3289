import { z } from 'zod'
import { requiredJson } from '../platformErrors'

export const DEFINITION_KIND = 'setting_definition'
/** Instances sit under their definition (`parent_id`), so a definition's instances list without a scan. */
export const INSTANCE_KIND = 'setting_instance'

export const SETTING_TYPES = ['string', 'number', 'boolean', 'object', 'array'] as const
export const SETTING_SCOPES = ['system', 'user', 'page'] as const
export type SettingType = (typeof SETTING_TYPES)[number]
export type SettingScope = (typeof SETTING_SCOPES)[number]

/** Client-chosen definition ids appear in paths, so they keep to URL-safe characters. */
export const definitionId = z
  .string()
  .min(1)
  .max(128)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:-]*$/,
    'Letters, digits, ".", "_", ":" and "-", starting with a letter or digit',
  )

const definitionFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
  category: z.string().trim().min(1).max(100),
  type: z.enum(SETTING_TYPES),
  default_value: z.unknown().optional(),
  allowed_scopes: z
    .array(z.enum(SETTING_SCOPES))
    .min(1)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'Scopes must not repeat' }),
  is_multiple: z.boolean(),
  validation: z.record(z.string(), z.unknown()),
  tags: z.array(z.string().min(1).max(50)).max(50),
}

export const createDefinitionBody = z.strictObject({
  id: definitionId,
  name: definitionFields.name,
  category: definitionFields.category,
  type: definitionFields.type,
  description: definitionFields.description.default(''),
  default_value: definitionFields.default_value,
  allowed_scopes: definitionFields.allowed_scopes.default(['user']),
  is_multiple: definitionFields.is_multiple.default(false),
  validation: definitionFields.validation.default({}),
  tags: definitionFields.tags.default([]),
})

/** PATCH and PUT alike: any create field; `id` may be repeated but not changed. */
export const updateDefinitionBody = z.strictObject({
  id: definitionId.optional(),
  name: definitionFields.name.optional(),
  category: definitionFields.category.optional(),
  type: definitionFields.type.optional(),
  description: definitionFields.description.optional(),
  default_value: definitionFields.default_value,
  allowed_scopes: definitionFields.allowed_scopes.optional(),
  is_multiple: definitionFields.is_multiple.optional(),
  validation: definitionFields.validation.optional(),
  tags: definitionFields.tags.optional(),
})

export const definitionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    type: z.enum(SETTING_TYPES),
    default_value: z.unknown().optional(),
    allowed_scopes: z.array(z.enum(SETTING_SCOPES)),
    is_multiple: z.boolean(),
    validation: z.record(z.string(), z.unknown()),
    tags: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SettingDefinition' })

export const definitionParams = z.object({ definition_id: definitionId })

export const definitionQuery = z.object({
  category: z.string().min(1).max(100).optional(),
  scope: z.enum(SETTING_SCOPES).optional(),
})

export const createInstanceBody = z.strictObject({
  definition_id: definitionId,
  name: z.string().trim().min(1).max(200).optional(),
  value: requiredJson,
  scope: z.enum(SETTING_SCOPES).default('user'),
  user_id: z.uuid().optional(),
  page_id: z.uuid().optional().nullable(),
})

export const updateInstanceBody = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  value: requiredJson,
})

export const instanceSchema = z
  .object({
    id: z.uuid(),
    definition_id: z.string(),
    name: z.string(),
    value: z.unknown(),
    scope: z.enum(SETTING_SCOPES),
    user_id: z.string(),
    page_id: z.uuid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'SettingInstance' })

export const instanceParams = z.object({ instance_id: z.uuid() })

export const instanceQuery = z.object({
  definition_id: z.string().min(1).max(128).optional(),
  scope: z.enum(SETTING_SCOPES).optional(),
  user_id: z.string().min(1).max(200).optional(),
  page_id: z.uuid().optional(),
})
