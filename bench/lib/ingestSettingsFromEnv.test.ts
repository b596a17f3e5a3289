import { describe, expect, it } from 'vitest'
import { ingestSettingsFromEnv } from './ingestSettingsFromEnv'

describe('ingestSettingsFromEnv', () => {
  it('defaults to 5 runs and 3 s', () => {
    expect(ingestSettingsFromEnv({})).toEqual({ runs: 5, durationS: 3 })
    expect(ingestSettingsFromEnv({ BENCH_RUNS: ' ', BENCH_DURATION_S: '' })).toEqual({
      runs: 5,
      durationS: 3,
    })
  })

  it('reads both variables', () => {
    expect(ingestSettingsFromEnv({ BENCH_RUNS: '2', BENCH_DURATION_S: '0.5' })).toEqual({
      runs: 2,
      durationS: 0.5,
    })
  })

  it('refuses what cannot be meant', () => {
    expect(() => ingestSettingsFromEnv({ BENCH_RUNS: '0' })).toThrow('BENCH_RUNS must be a whole number')
    expect(() => ingestSettingsFromEnv({ BENCH_RUNS: '1.5' })).toThrow('BENCH_RUNS')
    expect(() => ingestSettingsFromEnv({ BENCH_DURATION_S: '-1' })).toThrow(
      'BENCH_DURATION_S must be a number above 0',
    )
    expect(() => ingestSettingsFromEnv({ BENCH_DURATION_S: 'abc' })).toThrow('BENCH_DURATION_S')
  })
})
