import { describe, expect, it } from 'vitest'
import { isServerOnlyRoute } from './serverOnlyRoutes'

describe('isServerOnlyRoute', () => {
  it('matches the server-only routes with their parameters, and nothing the browser answers', () => {
    expect(isServerOnlyRoute('POST', '/api/v1/auth/login')).toBe(true)
    expect(isServerOnlyRoute('get', '/api/v1/jobs/0b5c/events/stream')).toBe(true)
    expect(isServerOnlyRoute('HEAD', '/api/v1/sync/blobs/abc')).toBe(true)
    expect(isServerOnlyRoute('GET', '/api/v1/jobs/')).toBe(true)
    // The browser's own: its local profile, its sync status.
    expect(isServerOnlyRoute('GET', '/api/v1/auth/me')).toBe(false)
    expect(isServerOnlyRoute('GET', '/api/v1/sync/status')).toBe(false)
    // Wrong method, extra segments, unknown paths.
    expect(isServerOnlyRoute('GET', '/api/v1/auth/login')).toBe(false)
    expect(isServerOnlyRoute('GET', '/api/v1/jobs/a/b')).toBe(false)
    expect(isServerOnlyRoute('GET', '/api/v1/nothing')).toBe(false)
  })
})
