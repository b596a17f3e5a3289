import { z } from 'zod'

/** The spec's UserResponse: exactly these fields, never the password hash or timestamps. */
export const userViewSchema = z
  .object({
    id: z.string().meta({ description: 'UUID' }),
    username: z.string(),
    email: z.string().meta({ description: 'Stored trimmed and lowercased' }),
    full_name: z.string().nullable(),
    profile_picture: z.string().nullable(),
    is_active: z.boolean(),
    is_verified: z.boolean().meta({ description: 'false after registration' }),
  })
  .meta({ id: 'User' })
export type UserView = z.infer<typeof userViewSchema>

/**
 * What a personal access token may do: `full`, everything its person may (tokens made before scopes
 * existed are `full`); `read`, only safe requests (GET, HEAD), anything else 403.
 */
export const tokenScopeSchema = z.enum(['full', 'read']).meta({
  id: 'PersonalAccessTokenScope',
  description:
    '`full`: everything the person may do (except making tokens); `read`: GET and HEAD requests only, anything else answers 403',
})
export type TokenScope = z.infer<typeof tokenScopeSchema>

/** A personal access token as listed: never the token itself, which is shown once at creation. */
export const personalTokenViewSchema = z
  .object({
    id: z.string().meta({ description: 'UUID' }),
    name: z.string(),
    scope: tokenScopeSchema,
    prefix: z.string().meta({ description: 'The first characters of the token, to recognise it by' }),
    created_at: z.string(),
    expires_at: z.string().nullable().meta({ description: 'null: never expires' }),
    last_used_at: z
      .string()
      .nullable()
      .meta({ description: 'Updated at most once a minute; null: never used' }),
  })
  .meta({ id: 'PersonalAccessToken' })
export type PersonalTokenView = z.infer<typeof personalTokenViewSchema>

/** The answer to creating a token: the only time `token` is ever shown. */
export const personalTokenCreatedSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    token: z.string().meta({
      description:
        'qpat_ followed by 43 base64url characters. Shown only now; send it as Authorization: Bearer',
    }),
    scope: tokenScopeSchema,
    prefix: z.string(),
    created_at: z.string(),
    expires_at: z.string().nullable(),
  })
  .meta({ id: 'PersonalAccessTokenCreated' })
export type PersonalTokenCreated = z.infer<typeof personalTokenCreatedSchema>
