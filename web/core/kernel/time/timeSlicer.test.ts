import { afterEach, describe, expect, it, vi } from 'vitest'
import { timeSlicer } from './timeSlicer'

describe('timeSlicer', () => {
  afterEach(() => vi.restoreAllMocks())

  it('yields to the event loop once the budget has passed since the last yield, not before', async () => {
    let now = 0
    vi.spyOn(performance, 'now').mockImplementation(() => now)
    const slice = timeSlicer(10)
    /** Whether a macrotask queued just before the call ran before the call resolved. */
    const yielded = async () => {
      let ran = false
      setImmediate(() => (ran = true))
      await slice()
      return ran
    }
    now = 9
    expect(await yielded()).toBe(false)
    now = 10
    expect(await yielded()).toBe(true)
    // A new slice started at 10.
    now = 19
    expect(await yielded()).toBe(false)
    now = 20
    expect(await yielded()).toBe(true)
  })
})
