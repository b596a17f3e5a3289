import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PENDING_JOBS_PER_USER } from '../src/spaces/admitJob'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 39 item 4: `POST /api/v1/jobs` took any payload of any size (a 12 MB job row) and any
// number of jobs (60 scheduled for 2030).

describe('POST /api/v1/jobs limits', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  const create = (body: unknown) =>
    fetch(`${server.url}/api/v1/jobs`, {
      method: 'POST',
      headers: { ...user.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  beforeAll(async () => {
    server = await startTestServer({
      accounts: true,
      rateLimits: NO_USER_RATE_LIMIT,
      jobHandlers: { later: async () => ({}) },
    })
    user = await signUpForTest(server.url, 'jobber')
  })
  afterAll(() => server.stop())

  it('refuses a payload over 64 KiB with 422 naming it', async () => {
    const answer = await create({ job_type: 'later', payload: { blob: 'x'.repeat(70 * 1024) } })
    expect(answer.status).toBe(422)
    const { detail } = (await answer.json()) as { detail: Array<{ loc: string[] }> }
    expect(detail[0]?.loc).toEqual(['body', 'payload'])
  })

  it('refuses one pending job past the cap with 429 and Retry-After', async () => {
    const later = { job_type: 'later', scheduled_for: '2030-01-01T00:00:00Z', payload: {} }
    for (let i = 0; i < MAX_PENDING_JOBS_PER_USER; i++) expect((await create(later)).status).toBe(201)
    const over = await create(later)
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toBe('30')
    expect(((await over.json()) as { detail: string }).detail).toMatch(/jobs waiting/)
  })
})
