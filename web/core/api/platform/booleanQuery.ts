import { z } from 'zod'

/**
 * A boolean query parameter: `true` or `false` (also `1`/`0`). `z.coerce.boolean()` would read
 * `?is_active=false` as true (a non-empty string), the opposite of what was asked.
 */
export const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')
