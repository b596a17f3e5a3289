import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { findChromium } from '../scripts/findChromium.mjs'
import { startServer } from '../sync-server/src/startServer'
import { appShellSize } from './lib/appShellSize'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { lineBenchmark } from './lib/lineBenchmark'
import { median } from './lib/median'
import { round } from './lib/round'
import { ensureBuiltApp } from './lib/ensureBuiltApp'

const NAME = 'web'
/** Issue 5: the app shell is at most 250 KB of gzipped JavaScript. */
export const APP_SHELL_BUDGET_KB = 250
const RUNS = 5

export interface WebLine extends BenchLine {
  /** Milliseconds from navigation to the Collections heading on screen, median over the runs. */
  median_ms?: number
  min_ms?: number
  max_ms?: number
  runs?: number
  gzip_kb?: number
  raw_kb?: number
  budget_kb?: number
  files?: number
  browser?: string
}

/**
 * The built app in headless Chromium, served by the sync server as in production (`dist/`, its
 * cache headers): a first visit in a fresh profile (no cache, no service worker) until the app's first
 * screen shows, and, once the service worker has precached the app, a reload with the network off.
 * Each run uses a new browser context. Also reports the app shell's gzipped JavaScript against the
 * budget. Needs `npm run build` first.
 */
export async function measureWeb(reporter: LineReporter<WebLine>): Promise<WebLine[]> {
  const line = (fields: Omit<WebLine, 'benchmark' | 'node' | 'date'>): WebLine => ({
    benchmark: NAME,
    ...fields,
    node: process.version,
    date: new Date().toISOString(),
  })
  const lines: WebLine[] = []
  const shell = appShellSize('dist')
  const shellLine = line({
    case: 'app shell (JavaScript loaded before any route chunk, gzipped)',
    gzip_kb: round(shell.gzip_bytes / 1024, 1),
    raw_kb: round(shell.raw_bytes / 1024, 1),
    budget_kb: APP_SHELL_BUDGET_KB,
    files: shell.files.length,
  })
  reporter.emit(shellLine)
  lines.push(shellLine)
  if (shell.gzip_bytes > APP_SHELL_BUDGET_KB * 1024) {
    throw new Error(
      `${NAME}: the app shell is ${shellLine.gzip_kb} KB gzipped, over ${APP_SHELL_BUDGET_KB} KB`,
    )
  }

  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found: install it or set CHROMIUM_PATH')
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-web-'))
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, staticDir: 'dist' }, {})
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    const first: number[] = []
    const offline: number[] = []
    for (let run = 1; run <= RUNS; run++) {
      reporter.progress(`${NAME}: run ${run} of ${RUNS}`)
      const context = await browser.newContext()
      const page = await context.newPage()
      const heading = page.getByRole('heading', { name: 'Collections', level: 1 })
      let started = performance.now()
      await page.goto(`${server.url}/`)
      await heading.waitFor({ timeout: 60_000 })
      first.push(performance.now() - started)
      // Offline needs the precache complete and the page controlled by the service worker.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      })
      await context.setOffline(true)
      started = performance.now()
      await page.reload()
      await heading.waitFor({ timeout: 60_000 })
      offline.push(performance.now() - started)
      await context.close()
    }
    const version = `Chromium ${browser.version()}`
    for (const [label, values] of [
      ['first load (fresh profile, network), to the first screen', first],
      ['offline reload (service worker precache), to the first screen', offline],
    ] as const) {
      const result = line({
        case: label,
        median_ms: round(median(values), 1),
        min_ms: round(Math.min(...values), 1),
        max_ms: round(Math.max(...values), 1),
        runs: values.length,
        browser: version,
      })
      reporter.emit(result)
      lines.push(result)
    }
    return lines
  } finally {
    await browser?.close()
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const web = lineBenchmark(NAME, async (reporter) => {
  await ensureBuiltApp(reporter.progress)
  return measureWeb(reporter)
})
