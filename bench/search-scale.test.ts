import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import { measureSearchScale, type SearchScaleLine } from './search-scale'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.
describe('search-scale benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('search-scale')
  })

  it(
    'builds a stored, indexed set and reports latencies and memory per million chunks',
    async () => {
      const emitted: SearchScaleLine[] = []
      const lines = await measureSearchScale(
        { emit: (line) => emitted.push(line), progress: () => {} },
        { sizes: [3000], queries: 8, f32Queries: 2 },
      )
      expect(emitted).toEqual(lines)
      const [line] = lines as [SearchScaleLine]
      expect(line).toMatchObject({ benchmark: 'search-scale', chunks: 3000, dimensions: 384 })
      expect(line.hybrid).toMatchObject({ queries: 8, target_p95_ms: null, target_met: null })
      expect(line.bm25.queries).toBe(8)
      expect(line.vector_int8_rescored.queries).toBe(8)
      // Reading the candidates' vectors from SQLite takes part of a vector search's time, never more.
      const { store_read: read } = line.vector_int8_rescored
      expect(read.max_ms).toBeGreaterThan(0)
      expect(read.mean_ms).toBeLessThanOrEqual(line.vector_int8_rescored.mean_ms)
      expect(line.vector_plain_f32.queries).toBe(2)
      // Some candidates are read back, far fewer than every row.
      expect(line.vector_int8_rescored.rescored_mean).toBeGreaterThan(0)
      expect(line.vector_int8_rescored.rescored_max).toBeLessThan(3000)
      const memory = line.memory_mb_per_million
      for (const value of Object.values(memory)) expect(value).toBeGreaterThan(0)
      // The compact rows take well under the f32 rows' memory.
      expect(memory.vectors_int8).toBeLessThan(memory.vectors_f32)
    },
    scaledTimeout(120_000),
  )
})
