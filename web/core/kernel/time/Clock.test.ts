import { describe, expect, it } from 'vitest'
import { monotonicClock, toTimestamp } from './Clock'

describe('clock', () => {
  it('never returns the same millisecond twice, even when time stands still or goes back', () => {
    let t = 1000
    const clock = monotonicClock({ now: () => t })
    expect([clock.now(), clock.now()]).toEqual([1000, 1001])
    t = 500
    expect(clock.now()).toBe(1002)
    t = 5000
    expect(clock.now()).toBe(5000)
  })

  it('formats ISO 8601 with milliseconds and Z', () => {
    expect(toTimestamp(Date.UTC(2026, 10, 21, 1, 2, 3, 4))).toBe('2026-11-21T01:02:03.004Z')
  })
})
