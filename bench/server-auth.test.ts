import { describe, expect, it } from 'vitest'
import { isMeasurement } from './lib/BenchResult'
import { findProblems } from './lib/findProblems'
import { serverAuth } from './server-auth'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'
import { runBenchmarkOnce } from './lib/runBenchmarkOnce'

// Tests the harness, not the speed: every case is measured with authenticated requests that succeed.
describe('server-auth benchmark', () => {
  it(
    'measures the cost of authentication without failed requests',
    async () => {
      const results = await runBenchmarkOnce(serverAuth, { durationS: 1, connections: 2, warmupS: 1 })
      expect(results.map((result) => result.case)).toEqual([
        'GET /api/collections/ (100 collections, single-user, no credentials)',
        'GET /api/collections/ (100 collections, Bearer access token)',
        'GET /api/collections/ (100 collections, Bearer personal access token)',
        'POST /api/v1/auth/login (Argon2id verify, cookies set)',
        'ratio GET /api/collections/ (100 collections, Bearer access token) / GET /api/collections/ (100 collections, single-user, no credentials)',
        'ratio GET /api/collections/ (100 collections, Bearer personal access token) / GET /api/collections/ (100 collections, single-user, no credentials)',
      ])
      for (const result of results.filter(isMeasurement)) {
        expect(result.requests).toBeGreaterThan(0)
        expect(result.errors).toBe(0)
        expect(result.non_2xx).toBe(0)
      }
      expect(findProblems(results)).toEqual([])
    },
    scaledTimeout(90_000),
  )
})
