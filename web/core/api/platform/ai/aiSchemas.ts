import { z } from 'zod'
import { PROVIDER_NAMES, providerNamed, type ProviderName } from '../../../providers/providerCatalog'
import { recordId } from '../../../records/recordId'

/** A provider name as requests send it (any letter case; BrainDrive's `claude` is `anthropic`). */
export const providerField = z
  .string()
  .transform((value, context): ProviderName => {
    const provider = providerNamed(value)
    if (provider) return provider
    context.addIssue({
      code: 'custom',
      message: `Unknown provider '${value}': use one of ${PROVIDER_NAMES.join(', ')} (or claude)`,
    })
    return z.NEVER
  })
  .meta({ type: 'string', enum: [...PROVIDER_NAMES, 'claude'] })

const idText = z.string().trim().max(200)
const modelName = z.string().trim().min(1, 'Name a model').max(300)

/** Generation parameters BrainDrive's clients send (`params`); others are ignored. */
export const paramsSchema = z
  .looseObject({
    temperature: z.number().min(0).max(2).optional(),
    max_tokens: z.number().int().min(1).max(1_000_000).optional(),
  })
  .optional()

const target = {
  provider: providerField,
  settings_id: idText.nullish(),
  server_id: idText.nullish(),
  model: modelName,
  params: paramsSchema,
  stream: z.boolean().optional(),
  user_id: z.string().nullish(),
}

export const generateBody = z.looseObject({
  ...target,
  prompt: z.string().min(1, 'Send a prompt').max(1_000_000),
})

export const chatTurnSchema = z.object({
  role: z.enum(['system', 'user', 'assistant']),
  content: z.string().max(1_000_000),
})

export const chatBody = z.looseObject({
  ...target,
  messages: z.array(chatTurnSchema).min(1, 'Send at least one message').max(1000),
  conversation_id: recordId.nullish(),
  persona_id: recordId.nullish(),
  page_id: z.string().nullish(),
  conversation_type: z.string().max(100).nullish(),
})

export const validateBody = z.looseObject({
  provider: providerField,
  config: z
    .looseObject({
      server_url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
      api_key: z.string().max(4096).optional(),
    })
    .optional(),
})

export const modelsQuery = z.object({
  provider: providerField,
  settings_id: idText.optional(),
  server_id: idText.optional(),
  user_id: z.string().optional(),
})

export const cancelBody = z.looseObject({
  conversation_id: z.string().max(200).nullish(),
  request_id: z.string().max(200).nullish(),
})

export const providerSettingBody = z.looseObject({
  provider: providerField,
  instance_id: z.string().max(200).nullish(),
  name: z.string().trim().min(1).max(200).optional(),
  config: z.record(z.string(), z.unknown()),
})

/** A model of a configured server, as the model lists answer it. */
export const modelEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string(),
  settings_id: z.string().nullable(),
  server_id: z.string().nullable(),
  server_name: z.string().nullable(),
})

export const serverViewSchema = z.object({
  id: z.string(),
  serverName: z.string(),
  serverAddress: z.string(),
  hasKey: z.boolean(),
})
