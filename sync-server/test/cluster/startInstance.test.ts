import { afterAll, expect, it } from 'vitest'
import { signUpForTest } from '../signUpForTest'
import { startInstance, type Instance } from './startInstance'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const started: Instance[] = []
afterAll(async () => {
  for (const instance of started) await instance.stop()
})

it(
  'starts a real server process that serves until SIGKILL ends it',
  async () => {
    const instance = await startInstance()
    started.push(instance)
    expect(instance.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const user = await signUpForTest(instance.url, 'ada')
    const listed = await fetch(`${instance.url}/api/v1/jobs`, { headers: user.auth })
    expect(listed.status).toBe(200)

    await instance.kill('SIGKILL')
    expect(instance.process.signalCode).toBe('SIGKILL')
    await expect(fetch(`${instance.url}/api/v1/jobs`, { headers: user.auth })).rejects.toThrow()
  },
  scaledTimeout(40_000),
)

it(
  'fails with the instance’s own words when it cannot start',
  async () => {
    await expect(startInstance({ env: { JOB_CONCURRENCY: 'many' } })).rejects.toThrow(
      /exited \(1\) before it was ready[\s\S]*JOB_CONCURRENCY/,
    )
  },
  scaledTimeout(40_000),
)
