import { z } from 'zod'

const TRUE = ['1', 'on', 't', 'true', 'y', 'yes']
const FALSE = ['0', 'off', 'f', 'false', 'n', 'no']

/**
 * A boolean query parameter, read as FastAPI (pydantic) reads one, since BrainDrive's clients send
 * `?published_only=true` and scripts `?is_active=1` or `?x=False`: true for 1, on, t, true, y, yes and
 * false for 0, off, f, false, n, no, ignoring case. `z.coerce.boolean()` would read
 * `?is_active=false` as true (a non-empty string), the opposite of what was asked.
 */
export const booleanQuery = z
  .string()
  .refine((value) => [...TRUE, ...FALSE].includes(value.toLowerCase()), { message: 'must be true or false' })
  .transform((value) => TRUE.includes(value.toLowerCase()))
