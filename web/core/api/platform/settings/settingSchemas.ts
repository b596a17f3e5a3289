import { z } from 'zod'
import { requiredJson } from '../platformErrors'
import { userIdInput } from '../compat/callerUserId'
import { recordId } from '../../../records/recordId'
import { definitionId } from '../../../records/kinds/settingDefinitionKind'

export const SETTING_TYPES = ['string', 'number', 'boolean', 'object', 'array'] as const
export const SETTING_SCOPES = ['system', 'user', 'page'] as const
export type SettingType = (typeof SETTING_TYPES)[number]
export type SettingScope = (typeof SETTING_SCOPES)[number]

/**
 * A scope as BrainDrive's clients send it: any letter case (`USER`), and BrainDrive's fourth scope
 * `user_page` (a user's setting on one page), which is Quire's `page` (every setting is the caller's).
 */
function normalisedScope(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const lower = value.toLowerCase()
  return lower === 'user_page' ? 'page' : lower
}

export const scopeInput = z.preprocess(normalisedScope, z.enum(SETTING_SCOPES))

/** Repeats are refused as sent; `user_page` and `page` both mean `page`, so they are merged after. */
const allowedScopes = z
  .array(
    z.preprocess(
      (v) => (typeof v === 'string' ? v.toLowerCase() : v),
      z.enum([...SETTING_SCOPES, 'user_page']),
    ),
  )
  .min(1)
  .refine((scopes) => new Set(scopes).size === scopes.length, { message: 'Scopes must not repeat' })
  .transform((scopes) => [...new Set(scopes.map((s) => (s === 'user_page' ? 'page' : s)))] as SettingScope[])

const definitionFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
  category: z.string().trim().min(1).max(100),
  type: z.enum(SETTING_TYPES),
  default_value: z.unknown().optional(),
  allowed_scopes: allowedScopes,
  is_multiple: z.boolean(),
  validation: z.record(z.string(), z.unknown()),
  tags: z.array(z.string().min(1).max(50)).max(50),
}

/** FastAPI-style: unknown fields are ignored; BrainDrive's optional fields may be sent as null. */
export const createDefinitionBody = z.object({
  id: definitionId,
  name: definitionFields.name,
  category: definitionFields.category,
  type: definitionFields.type,
  description: definitionFields.description.nullish().transform((v) => v ?? ''),
  default_value: definitionFields.default_value,
  allowed_scopes: definitionFields.allowed_scopes.default(['user']),
  is_multiple: definitionFields.is_multiple.default(false),
  validation: definitionFields.validation.nullish().transform((v) => v ?? {}),
  tags: definitionFields.tags.nullish().transform((v) => v ?? []),
})

/** PATCH and PUT alike: any create field; `id` may be repeated but not changed. */
export const updateDefinitionBody = z.object({
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

export const definitionQuery = z.object({
  category: z.string().min(1).max(100).optional(),
  scope: scopeInput.optional(),
})

/**
 * BrainDrive's clients send what its `SettingInstanceCreate` takes: `id` (save over that instance),
 * `action: "delete"` (with `id`), `user_id` `"current"`, nulls for absent ids; unknown fields ignored.
 */
export const createInstanceBody = z.object({
  id: recordId.nullish(),
  action: z.string().max(32).nullish(),
  definition_id: definitionId,
  name: z.string().trim().min(1).max(200).nullish(),
  value: z.unknown(),
  scope: scopeInput.default('user'),
  user_id: userIdInput.nullish(),
  page_id: recordId.nullish(),
})

export const updateInstanceBody = z.object({
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

export const instanceQuery = z.object({
  definition_id: z.string().min(1).max(128).optional(),
  scope: scopeInput.optional(),
  user_id: userIdInput.optional(),
  page_id: recordId.optional(),
})
