import type { RatioResult } from './lib/BenchResult'
import { describe, expect, it } from 'vitest'
import { isMeasurement } from './lib/BenchResult'
import { findProblems } from './lib/findProblems'
import { serverCollections } from './server-collections'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { runBenchmarkOnce } from './lib/runBenchmarkOnce'

// Tests the harness, not the speed: it never asserts on timing numbers, which depend on the machine.
describe('server-collections benchmark', () => {
  it(
    'measures every case without failed requests and prints one line per result',
    async () => {
      const results = await runBenchmarkOnce(serverCollections, { durationS: 1, connections: 2, warmupS: 1 })
      expect(results.map((result) => result.case)).toEqual([
        'koa hello-world',
        'GET /api/collections/ (100 collections)',
        'POST /api/collections/',
        'ratio GET /api/collections/ (100 collections) / koa hello-world',
        'ratio POST /api/collections/ / koa hello-world',
      ])
      for (const result of results) {
        expect(result.benchmark).toBe('server-collections')
        if (isMeasurement(result)) {
          expect(Object.keys(result).sort()).toEqual(
            [
              'benchmark',
              'case',
              'requests_per_sec',
              'p50_ms',
              'p99_ms',
              'requests',
              'errors',
              'non_2xx',
              'duration_s',
              'connections',
              'node',
              'date',
            ].sort(),
          )
          expect(result.requests).toBeGreaterThan(0)
          expect(result.errors).toBe(0)
          expect(result.non_2xx).toBe(0)
          expect(result.connections).toBe(2)
          expect(typeof result.requests_per_sec).toBe('number')
          expect(typeof result.p50_ms).toBe('number')
          expect(typeof result.p99_ms).toBe('number')
          expect(typeof result.duration_s).toBe('number')
          expect(result.node).toBe(process.version)
          expect(new Date(result.date).toISOString()).toBe(result.date)
        } else {
          expect(Object.keys(result).sort()).toEqual(['benchmark', 'case', 'p99_ratio', 'rps_ratio'])
          expect(typeof (result as RatioResult).rps_ratio).toBe('number')
          expect(typeof (result as RatioResult).p99_ratio).toBe('number')
        }
      }
      expect(findProblems(results)).toEqual([])
    },
    // Three cases of 1 s warm-up + 1 s measured, each rounded up to autocannon's sample tick, plus a Node
    // start-up for each load generator: about 10 s here; the margin is for slow CI machines.
    scaledTimeout(60_000),
  )
})
