import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../kernel/ApiError'
import { resolveCallerId } from './callerUserId'

const caller = '3f2a8c1e-5b7d-4e9f-8a6c-0d1e2f3a4b5c'
const ports = { currentUserId: async () => caller }

describe('resolveCallerId', () => {
  it('takes "current" and the caller’s own id, with or without hyphens', async () => {
    expect(await resolveCallerId(ports, 'current')).toBe(caller)
    expect(await resolveCallerId(ports, caller)).toBe(caller)
    expect(await resolveCallerId(ports, caller.replace(/-/g, '').toUpperCase())).toBe(caller)
  })

  it('refuses another user’s id, or no user id at all, with 403', async () => {
    for (const other of ['0b8a4c7e-8c1f-4d55-9c84-3c1f3f0f6a11', 'someone', 'Current']) {
      const error = await resolveCallerId(ports, other).catch((e: unknown) => e)
      expect(error, other).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(403)
    }
  })
})
