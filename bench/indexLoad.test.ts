import { describe, expect, it } from 'vitest'
import { createTestDatabase } from '../sync-server/test/postgres/createTestDatabase'
import { benchmarks } from './benchmarks'
import { measureIndexLoad, TARGET_LOAD_MS, type IndexLoadLine } from './indexLoad'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.
describe('indexLoad benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('indexLoad')
  })

  it(
    'rebuilds, writes, loads and loads after a change, on SQLite and on PostgreSQL, a line each',
    async () => {
      const database = await createTestDatabase()
      const emitted: IndexLoadLine[] = []
      try {
        const lines = await measureIndexLoad(
          { emit: (line) => emitted.push(line), progress: () => {} },
          { chunks: 2_000, loads: 2, databaseUrl: database.url },
        )
        expect(emitted).toEqual(lines)
        expect(lines.map((line) => line.case)).toEqual(['2000 chunks, sqlite', '2000 chunks, postgres'])
        for (const line of lines) {
          expect(line).toMatchObject({
            benchmark: 'indexLoad',
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
            'read_ms',
            'incremental_ms',
            'snapshot_mb',
          ] as const) {
            expect(line[field], field).toBeGreaterThanOrEqual(0)
          }
          expect(line.read_ms).toBeLessThanOrEqual(line.load_ms)
          // The ratio is of the unrounded times; the two times are each rounded to whole ms, so at a load
          // of a few ms the ratio of the rounded figures can be far from it: compare within that rounding.
          const { rebuild_ms: rebuild, load_ms: load } = line
          expect(line.rebuild_over_load).toBeGreaterThanOrEqual((rebuild - 0.5) / (load + 0.5) - 0.05)
          if (load > 0.5) {
            expect(line.rebuild_over_load).toBeLessThanOrEqual((rebuild + 0.5) / (load - 0.5) + 0.05)
          }
        }
      } finally {
        await database.drop()
      }
    },
    scaledTimeout(120_000),
  )
})
