import { afterEach, describe, expect, it, vi } from 'vitest'
import type { JobContext } from '../jobs/Job'
import { pluginJobProgress } from './pluginJobProgress'

function recorder(): JobContext & { seen: Array<[number, string | undefined]> } {
  const seen: Array<[number, string | undefined]> = []
  return {
    seen,
    signal: new AbortController().signal,
    progress: async (percent, message) => void seen.push([percent, message]),
    log: async () => undefined,
  }
}

afterEach(() => vi.useRealTimers())

describe('pluginJobProgress', () => {
  it('maps an upload’s stages onto one rising percent, every new stage reported', () => {
    const context = recorder()
    const report = pluginJobProgress(context)
    report('unpacking', 0)
    report('unpacking', 100) // the same stage at once: left out
    report('validating', 0)
    report('storing', 0)
    report('storing', 50)
    report('saving', 0)
    expect(context.seen).toEqual([
      [0, 'unpacking'],
      [20, 'validating'],
      [30, 'storing'],
      [90, 'saving'],
    ])
  })

  it('gives a download the first half, and reports within a stage at most every 200 ms', () => {
    vi.useFakeTimers()
    const context = recorder()
    const report = pluginJobProgress(context)
    report('downloading', 0)
    report('downloading', 10)
    vi.advanceTimersByTime(250)
    report('downloading', 60)
    report('downloading', 40) // never goes back
    vi.advanceTimersByTime(250)
    report('downloading', 40)
    report('unpacking', 0)
    expect(context.seen).toEqual([
      [0, 'downloading'],
      [30, 'downloading'],
      [50, 'unpacking'],
    ])
  })
})
