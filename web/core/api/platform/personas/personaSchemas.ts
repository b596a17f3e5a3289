import { z } from 'zod'
import { paginationQuery } from '../../pagination'
import { booleanQuery } from '../booleanQuery'

/**
 * What a persona asks of the model. `temperature` and `max_tokens` are checked and applied by
 * `POST /api/v1/conversations/{id}/reply`; other keys (top_p...) are kept as given for clients.
 */
const modelSettings = z.looseObject({
  temperature: z.number().min(0).max(2).optional(),
  max_tokens: z.int().min(1).max(1_000_000).optional(),
})

/** Tags are trimmed and kept once each, in the order given. */
const personaTags = z
  .array(z.string().trim().min(1, 'must not be empty').max(50))
  .max(50)
  .transform((tags) => [...new Set(tags)])

const name = z.string().trim().min(1, 'must not be empty').max(200)
const description = z.string().max(5000)
const systemPrompt = z.string().max(100_000)
/** An image URL or a small data URL. */
const avatar = z.string().max(500_000).nullable()
const sampleGreeting = z.string().max(5000)

/**
 * A field BrainDrive's schema makes `Optional[...] = None`: its clients may send null, which means
 * "not given" (the default on create, unchanged on update).
 */
function nullMeansAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null ? undefined : value), schema)
}

// Bodies are read as FastAPI reads them: fields the route does not know are ignored.
export const createPersonaBody = z.object({
  name,
  description: nullMeansAbsent(description.default('')),
  system_prompt: nullMeansAbsent(systemPrompt.default('')),
  model_settings: nullMeansAbsent(modelSettings.default({})),
  avatar: avatar.optional(),
  tags: nullMeansAbsent(personaTags.default([])),
  sample_greeting: nullMeansAbsent(sampleGreeting.default('')),
  is_active: z.boolean().default(true),
})

export const updatePersonaBody = z.object({
  name: name.optional(),
  description: nullMeansAbsent(description.optional()),
  system_prompt: nullMeansAbsent(systemPrompt.optional()),
  model_settings: nullMeansAbsent(modelSettings.optional()),
  avatar: avatar.optional(),
  tags: nullMeansAbsent(personaTags.optional()),
  sample_greeting: nullMeansAbsent(sampleGreeting.optional()),
  is_active: nullMeansAbsent(z.boolean().optional()),
})

export const listPersonasQuery = paginationQuery.extend({
  /** BrainDrive's name for `offset`. */
  skip: z.coerce.number().int().min(0).optional(),
  /** Personas carrying this tag (exact, case-insensitive). */
  tag: z.string().trim().min(1).optional(),
  /** BrainDrive's filter: comma-separated tags, a persona must carry each (case-insensitive). */
  tags: z.string().optional(),
  is_active: booleanQuery.optional(),
  /** Words in the name, description or system prompt (case-insensitive). */
  search: z.string().trim().min(1).max(200).optional(),
})

export const personaSchema = z
  .object({
    id: z.uuid(),
    user_id: z.string(),
    name: z.string(),
    description: z.string(),
    system_prompt: z.string(),
    model_settings: z.record(z.string(), z.unknown()),
    avatar: z.string().nullable(),
    tags: z.array(z.string()),
    sample_greeting: z.string(),
    is_active: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Persona' })

export const personaListSchema = z
  .object({
    personas: z.array(personaSchema),
    total_items: z.int().min(0),
    page: z.int().min(1),
    page_size: z.int().min(1),
    total_pages: z.int().min(0),
  })
  .meta({ id: 'PersonaList' })
