import { ApiError } from '../../ApiError'
import type { ApiPorts } from '../../ApiPorts'

export const USER_NOT_FOUND = 'User not found'

/**
 * `/api/v1/users/{user_id}/...` names the caller or nothing: another user's id answers 404 as an
 * unknown one does, so ids of other accounts cannot be probed.
 */
export async function requireCaller(ports: Pick<ApiPorts, 'currentUserId'>, userId: string): Promise<string> {
  const caller = await ports.currentUserId()
  if (userId !== caller) throw ApiError.notFound(USER_NOT_FOUND)
  return caller
}
