import { describe, expect, it } from 'vitest'
import { browserBenchSettingsFromEnv, defaultBrowserBenchSettings } from './browser'
import type { BrowserLine } from './lib/BrowserLine'
import { browserBenchTable } from './lib/browserBenchTable'
import { DEV_FOLDER } from './lib/browserBenchFolder'

describe('the browser benchmark', () => {
  it('processes the whole dev folder unless BENCH_BROWSER_REPORTS says fewer, and refuses a bad count', () => {
    expect(browserBenchSettingsFromEnv({})).toEqual(defaultBrowserBenchSettings)
    expect(defaultBrowserBenchSettings.reports).toBe(DEV_FOLDER.length)
    expect(browserBenchSettingsFromEnv({ BENCH_BROWSER_REPORTS: '2' }).reports).toBe(2)
    for (const bad of ['0', '9', '1.5', 'all', '-1'])
      expect(() => browserBenchSettingsFromEnv({ BENCH_BROWSER_REPORTS: bad })).toThrow(
        /BENCH_BROWSER_REPORTS/,
      )
  })

  it('tables every line with its ratio to the server', () => {
    const line = (fields: Partial<BrowserLine>): BrowserLine => ({
      benchmark: 'browser',
      case: 'GET /api/health',
      node: 'v20',
      date: '2026-11-24T00:00:00Z',
      ...fields,
    })
    const table = browserBenchTable([
      line({ host: 'page', n: 200, p50_ms: 1.5, p95_ms: 3, ratio_p50: 0.75, ratio_p95: 1 }),
      line({ host: 'server', n: 200, p50_ms: 2, p95_ms: 3, ratio_p50: 1, ratio_p95: 1 }),
      line({ case: 'process', host: 'page', processing_s: 20, pages: 10, passages: 99 }),
      { ...line({ case: 'cold start', host: 'page' }), first_answer_ms: 2100, full_answer_ms: 2400 },
      {
        ...line({ case: 'cold start', host: 'server' }),
        first_answer_ms: 3000,
        full_answer_ms: 3100,
        full_answer_runs_ms: [3300, 3100, 2900],
        ready_ms: 2500,
      },
    ]).split('\n')
    expect(table).toHaveLength(6)
    expect(table[1]).toMatch(/^GET \/api\/health\s+page\s+1\.5\s+3\s+0\.75\s+1/)
    expect(table[3]).toContain('20 s, 10 pages, 99 passages')
    expect(table[4]).toMatch(/first answer 2100 ms, with every passage 2400 ms\s*$/u)
    expect(table[5]).toContain(
      'first answer 3000 ms, with every passage 3100 ms (median of 3300, 3100, 2900) (listening at 2500 ms)',
    )
  })
})
