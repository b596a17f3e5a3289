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

  // Issue 39 (c): each type's payload has a schema; a wrong one is 422 naming the field, and types
  // made by their own routes (here a model install, which would reach another server) are refused.
  it.each([
    [
      'an unknown field',
      { job_type: 'document_process', payload: { document_id: 'x', shell: 'rm' } },
      ['body', 'payload', 'shell'],
    ],
    [
      'a wrong type',
      { job_type: 'document_process', payload: { document_id: 42 } },
      ['body', 'payload', 'document_id'],
    ],
    ['a missing field', { job_type: 'document_process', payload: {} }, ['body', 'payload', 'document_id']],
    [
      'a nested object',
      { job_type: 'document_process', payload: { document_id: { $gt: '' } } },
      ['body', 'payload', 'document_id'],
    ],
    [
      'a model install',
      { job_type: 'ollama.install', payload: { model: 'x', host: 'http://10.0.0.1' } },
      ['body', 'job_type'],
    ],
    ['an unknown type', { job_type: 'mine_bitcoin', payload: {} }, ['body', 'job_type']],
  ])('refuses %s in a job with 422 naming the field', async (_name, body, loc) => {
    const answer = await create(body)
    expect(answer.status).toBe(422)
    const { detail } = (await answer.json()) as { detail: Array<{ loc: string[] }> }
    expect(detail.map((issue) => issue.loc)).toEqual([loc])
  })

  it('takes a document_process payload of the right shape (404: not one of your documents)', async () => {
    const answer = await create({
      job_type: 'document_process',
      payload: { document_id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(answer.status).toBe(404)
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
