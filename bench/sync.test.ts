import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import { findProblems } from './lib/findProblems'
import { measureSync, type SyncDelayLine, type SyncLine, type SyncThroughputLine } from './sync'

// Tests the harness, not the speed: tiny sizes, no assertion on how fast anything is. measureSync
// itself throws when device B ends up with other records than A, or an edit never arrives.
describe('sync benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('sync')
  })

  it('measures push, first full sync and change-to-arrival delay over HTTP', async () => {
    const emitted: SyncLine[] = []
    const progress: string[] = []
    const lines = await measureSync(
      { emit: (line) => emitted.push(line), progress: (message) => progress.push(message) },
      { records: 150, runs: 2, edits: 6, editRecords: 5 },
    )
    expect(emitted).toEqual(lines)
    expect(progress.filter((message) => message.includes('server error'))).toEqual([])
    expect(lines.map((line) => line.case)).toEqual([
      'push of 150 new records from one device',
      'first full sync of 150 records to a new device',
      'change-to-arrival delay, single-field edit, events stream (6 edits)',
    ])
    for (const line of lines) {
      expect(line.benchmark).toBe('sync')
      expect(new Date(line.date).toISOString()).toBe(line.date)
    }
    const [push, full, delay] = lines as [SyncThroughputLine, SyncThroughputLine, SyncDelayLine]
    expect(push).toMatchObject({ phase: 'push', records: 150, runs: 2, rounds: 1 })
    expect(full).toMatchObject({ phase: 'first full sync', records: 150, runs: 2 })
    // One round pulls everything (150 < one page), a second finds nothing: quiet.
    expect(full.rounds).toBe(2)
    for (const line of [push, full]) {
      expect(line.runs_ms).toHaveLength(2)
      for (const ms of line.runs_ms) expect(ms).toBeGreaterThan(0)
      expect(line.median_ms).toBeCloseTo((line.runs_ms[0]! + line.runs_ms[1]!) / 2, 0)
      expect(line.records_per_sec).toBeGreaterThan(0)
      expect(line.transport_ms).toBeGreaterThan(0)
      expect(line.transport_ms).toBeLessThanOrEqual(Math.max(...line.runs_ms))
    }
    expect(delay).toMatchObject({ edits: 6, records: 5 })
    expect(delay.p50_ms).toBeGreaterThan(0)
    expect(delay.p50_ms).toBeLessThanOrEqual(delay.p95_ms)
    expect(delay.p95_ms).toBeLessThanOrEqual(delay.max_ms)
    expect(findProblems(lines)).toEqual([])
  }, 60_000)
})
