import { afterEach, describe, expect, it, vi } from 'vitest'
import { machineSlowdown, scaledTimeout } from './scaledTimeout'

describe('scaledTimeout', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('multiplies a quiet machine’s limit by an imposed slowdown', () => {
    vi.stubEnv('QUIRE_TEST_SLOWDOWN', '3')
    expect(machineSlowdown()).toBe(3)
    expect(scaledTimeout(20_000)).toBe(60_000)
  })

  it('uses the run’s calibration (speed times contention), never less than it, at most ten times', () => {
    vi.stubEnv('QUIRE_TEST_SLOWDOWN', '')
    vi.stubEnv('QUIRE_TEST_CALIBRATION', '1.5 2')
    expect(machineSlowdown()).toBeGreaterThanOrEqual(3)
    expect(machineSlowdown()).toBeLessThanOrEqual(10)
    vi.stubEnv('QUIRE_TEST_CALIBRATION', '4 5')
    expect(machineSlowdown()).toBe(10)
    expect(scaledTimeout(1000)).toBe(10_000)
  })

  it('measures once and keeps the measurement for the run’s workers; a fast machine never shortens a limit', () => {
    vi.stubEnv('QUIRE_TEST_SLOWDOWN', '')
    vi.stubEnv('QUIRE_TEST_CALIBRATION', '')
    const factor = machineSlowdown()
    const [speed, contention] = (process.env.QUIRE_TEST_CALIBRATION ?? '').split(' ').map(Number)
    expect(speed).toBeGreaterThanOrEqual(1)
    expect(contention).toBeGreaterThanOrEqual(1)
    expect(factor).toBeGreaterThanOrEqual(Math.min(10, speed! * contention!))
    expect(scaledTimeout(1000)).toBeGreaterThanOrEqual(1000)
  })
})
