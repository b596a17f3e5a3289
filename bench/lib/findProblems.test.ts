import { describe, expect, it } from 'vitest'
import type { BenchResult, MeasurementResult } from './BenchResult'
import { findProblems } from './findProblems'

const clean: MeasurementResult = {
  benchmark: 'b',
  case: 'c',
  requests_per_sec: 100,
  p50_ms: 1,
  p99_ms: 2,
  requests: 100,
  errors: 0,
  non_2xx: 0,
  duration_s: 1,
  connections: 1,
  node: 'v20',
  date: '2026-01-01T00:00:00.000Z',
}

describe('findProblems', () => {
  it('accepts clean measurements and ignores ratio lines', () => {
    expect(
      findProblems([clean, { benchmark: 'b', case: 'ratio', rps_ratio: null, p99_ratio: null }]),
    ).toEqual([])
  })

  it('names every failed, non-2xx or empty case', () => {
    const problems = findProblems([
      { ...clean, errors: 3 },
      { ...clean, case: 'd', non_2xx: 5 },
      { ...clean, case: 'e', requests: 0 },
    ])
    expect(problems).toEqual([
      'b / c: 3 connection errors or timeouts',
      'b / d: 5 responses were not 2xx',
      'b / e: no responses at all',
    ])
  })

  it('names lines whose p95 is over their own target, and only those', () => {
    const line = { benchmark: 's', case: 'x', node: 'v20', date: clean.date, p95_ms: 31.5 }
    expect(
      findProblems([
        { ...line, target_p95_ms: 30 },
        { ...line, case: 'y', target_p95_ms: 31.5 },
        { ...line, case: 'z', target_p95_ms: null },
        { ...line, case: 'n', p95_ms: Number.NaN, target_p95_ms: 30 },
      ] as unknown as BenchResult[]),
    ).toEqual(['s / x: p95 31.5 ms is over the 30 ms target', 's / n: p95 NaN ms is over the 30 ms target'])
  })
})
