import { z } from 'zod'

/** The colour a tag gets when none is given (a neutral slate). */
export const DEFAULT_TAG_COLOR = '#64748b'

const name = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters')
/** Stored in lower case, so that `#AABBCC` and `#aabbcc` are one colour. */
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour of the form #rrggbb')
  .transform((value) => value.toLowerCase())

export const tagIdParams = z.object({ tag_id: z.uuid() })
export const userIdParams = z.object({ user_id: z.uuid() })

export const createTagBody = z.strictObject({ name, color: color.default(DEFAULT_TAG_COLOR) })
export const updateTagBody = z.strictObject({ name: name.optional(), color: color.optional() })

export const tagSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    color: z.string(),
    user_id: z.string(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Tag' })
