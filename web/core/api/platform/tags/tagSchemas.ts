import { z } from 'zod'
import { userIdInput } from '../compat/callerUserId'

/** The colour a tag gets when none is given (a neutral slate). */
export const DEFAULT_TAG_COLOR = '#64748b'

const name = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters')
/** Stored in lower case, so that `#AABBCC` and `#aabbcc` are one colour. */
const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour of the form #rrggbb')
  .transform((value) => value.toLowerCase())

/** `/users/{user_id}/...`: `current` or the caller's id (with or without hyphens); see requireCaller. */
export const userIdParams = z.object({ user_id: userIdInput })

// Bodies are read as FastAPI reads them: fields the route does not know are ignored.
export const createTagBody = z.object({
  name,
  color: color.default(DEFAULT_TAG_COLOR),
  /** BrainDrive's `TagCreate` requires it: the caller's id or `current`; another user's is 403. */
  user_id: userIdInput.optional(),
})
export const updateTagBody = z.object({ name: name.optional(), color: color.optional() })

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
