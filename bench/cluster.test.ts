import { describe, expect, it } from 'vitest'
import { clusterBenchmark, type ClusterLine } from './cluster'
import { findProblems } from './lib/findProblems'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { runBenchmarkOnce } from './lib/runBenchmarkOnce'

// Tests the harness, not the speed: each case runs the mixed load briefly with every request answered 2xx.
describe('cluster benchmark', () => {
  it(
    'measures the mixed load on SQLite, one and three PostgreSQL instances, with the ratios',
    async () => {
      const results = await runBenchmarkOnce(clusterBenchmark(2), {
        durationS: 1,
        connections: 3,
        warmupS: 0,
      })
      expect(results.map((result) => result.case)).toEqual([
        'mixed load, 1 instance on SQLite',
        'mixed load, 1 instance on PostgreSQL',
        'mixed load, 3 instances on one PostgreSQL (client round-robin)',
        'ratio mixed load, 3 instances on one PostgreSQL (client round-robin) / mixed load, 1 instance on PostgreSQL',
        'ratio mixed load, 1 instance on PostgreSQL / mixed load, 1 instance on SQLite',
      ])
      const lines = results.slice(0, 3) as ClusterLine[]
      expect(lines.map((line) => [line.store, line.instances])).toEqual([
        ['sqlite', 1],
        ['postgresql', 1],
        ['postgresql', 3],
      ])
      for (const line of lines) {
        expect(line.requests).toBeGreaterThan(0)
        expect(line.users).toBe(2)
        // A second of load is too short to promise every kind of request (on a loaded machine a worker may
        // get no further than its first); writes there are, since the second worker starts with one.
        expect(line.write_share).toBeGreaterThan(0)
        expect(Object.keys(line.p95_by_op)).toContain('list collections')
      }
      expect(findProblems(results)).toEqual([])
      for (const ratio of results.slice(3)) expect(ratio).toMatchObject({ rps_ratio: expect.any(Number) })
    },
    scaledTimeout(180_000),
  )
})
