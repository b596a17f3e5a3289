import { describe, expect, it } from 'vitest'
import { configFromEnv } from './config'
import { jobPools } from './jobs/jobPools'

describe('configFromEnv and jobPools: the job pools', () => {
  it('leaves a slot of each pool free of any one person by default; installs have four of their own', () => {
    expect(jobPools(configFromEnv({}))).toEqual({
      concurrency: 2,
      perUserConcurrency: 1,
      outboundConcurrency: 4,
      outboundPerUserConcurrency: 3,
    })
    expect(jobPools(configFromEnv({ JOB_CONCURRENCY: '6' })).perUserConcurrency).toBe(5)
    expect(jobPools(configFromEnv({ JOB_CONCURRENCY: '1' })).perUserConcurrency).toBe(1)
  })

  it('gives the one local user every slot', () => {
    expect(jobPools(configFromEnv({ QUIRE_SINGLE_USER: '1', OUTBOUND_JOB_CONCURRENCY: '3' }))).toEqual({
      concurrency: 2,
      perUserConcurrency: 2,
      outboundConcurrency: 3,
      outboundPerUserConcurrency: 3,
    })
  })

  it('reads the settings, and refuses what is not a whole number of at least 1', () => {
    const env = {
      JOB_CONCURRENCY: '4',
      JOB_CONCURRENCY_PER_USER: '4',
      OUTBOUND_JOB_CONCURRENCY: '8',
      OUTBOUND_JOB_CONCURRENCY_PER_USER: '1',
    }
    expect(jobPools(configFromEnv(env))).toEqual({
      concurrency: 4,
      perUserConcurrency: 4,
      outboundConcurrency: 8,
      outboundPerUserConcurrency: 1,
    })
    for (const name of [
      'JOB_CONCURRENCY_PER_USER',
      'OUTBOUND_JOB_CONCURRENCY',
      'OUTBOUND_JOB_CONCURRENCY_PER_USER',
    ]) {
      expect(() => configFromEnv({ [name]: '0' })).toThrow(name)
      expect(() => configFromEnv({ [name]: '1.5' })).toThrow(name)
    }
  })
})
