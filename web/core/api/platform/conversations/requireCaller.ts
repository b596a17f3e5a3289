import type { ApiPorts } from '../../ApiPorts'
import { resolveCallerId } from '../compat/callerUserId'

/**
 * `/api/v1/users/{user_id}/...` names the caller: `current`, or the caller's id with or without
 * hyphens. Another user's id answers 403, as BrainDrive does (DESIGN.md section 2).
 */
export function requireCaller(ports: Pick<ApiPorts, 'currentUserId'>, userId: string): Promise<string> {
  return resolveCallerId(ports, userId)
}

export const FORBIDDEN_USER = 'Another user’s id: 403 `{detail}`'
