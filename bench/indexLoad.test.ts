import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import { measureIndexLoad, TARGET_LOAD_MS, type IndexLoadLine } from './indexLoad'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.
describe('indexLoad benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('indexLoad')
  })

  it('rebuilds, writes, loads and loads after a change, on SQLite, in one line', async () => {
    const emitted: IndexLoadLine[] = []
    const lines = await measureIndexLoad(
      { emit: (line) => emitted.push(line), progress: () => {} },
      { chunks: 2_000, loads: 2 },
    )
    expect(emitted).toEqual(lines)
    expect(lines).toHaveLength(1)
    const [line] = lines as [IndexLoadLine]
    expect(line).toMatchObject({
      benchmark: 'indexLoad',
      case: '2000 chunks, sqlite',
      store: 'sqlite',
      chunks: 2000,
      documents: 100,
      changed_documents: 1,
      target_load_ms: TARGET_LOAD_MS,
    })
    expect(line.load_runs_ms).toHaveLength(2)
    for (const field of [
      'rebuild_ms',
      'encode_ms',
      'store_ms',
      'load_ms',
      'incremental_ms',
      'snapshot_mb',
    ] as const) {
      expect(line[field], field).toBeGreaterThanOrEqual(0)
    }
    expect(line.rebuild_over_load).toBeCloseTo(line.rebuild_ms / line.load_ms, 0)
  }, 120_000)
})
