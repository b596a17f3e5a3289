import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { canonicalId } from '../../../records/recordId'

/**
 * A `user_id` as BrainDrive's clients send it (paths, queries, bodies): the caller's id, with or
 * without hyphens, or `"current"`. Validated as a string only: which user it names is decided against
 * the caller by `resolveCallerId`.
 */
export const userIdInput = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: 'The caller’s user id (with or without hyphens) or `current`' })

/**
 * The caller's id for a `user_id` the request named: `current` and the caller's own id (either form)
 * are the caller; another user's id is refused with 403, as the reference does (DESIGN.md section 2).
 * Anything that is no user id at all is 403 too: it names no one the caller may act for.
 */
export async function resolveCallerId(
  ports: Pick<ApiPorts, 'currentUserId'>,
  userId: string,
): Promise<string> {
  const caller = await ports.currentUserId()
  if (userId === 'current') return caller
  const wanted = canonicalId(userId) ?? userId
  if (wanted !== (canonicalId(caller) ?? caller)) {
    throw new ApiError(403, 'Not allowed to act for another user')
  }
  return caller
}
