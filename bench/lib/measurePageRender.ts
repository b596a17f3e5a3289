import type { Page } from '@playwright/test'
import type { LineReporter } from './BenchLine'
import { installSamplePlugins, SAMPLE_MODULES } from './installSamplePlugins'
import { median } from './median'
import { postJsonInPage } from './postJsonInPage'
import { round } from './round'
import type { PluginLine } from './PluginLine'

const RUNS = 5
const MODULES = 12

/**
 * The time from opening a page with 12 plugin modules (the three samples, four times each, on a
 * 12-column grid) to all of them rendered: every cell `data-state="ready"`, which a module's frame
 * reports once its component has mounted. `page` is an app page already controlled by the service
 * worker; the samples are built into a temp dir and installed through the in-browser API.
 */
export async function measurePageRender(
  page: Page,
  reporter: LineReporter<PluginLine>,
  line: (fields: Omit<PluginLine, 'benchmark' | 'node' | 'date'>) => PluginLine,
  browser: string,
): Promise<PluginLine[]> {
  await installSamplePlugins(page, (message) => reporter.progress(`plugins: ${message}`))
  const cells = Array.from({ length: MODULES }, (_, n) => {
    const [pluginId, moduleId] = SAMPLE_MODULES[n % SAMPLE_MODULES.length]!
    return { i: `m${n}`, pluginId, moduleId, x: (n % 3) * 4, y: Math.floor(n / 3) * 5, w: 4, h: 5 }
  })
  const content = {
    layouts: { desktop: cells.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })) },
    modules: Object.fromEntries(
      cells.map((c) => [
        c.i,
        { pluginId: c.pluginId, moduleId: c.moduleId, moduleName: c.moduleId, config: {} },
      ]),
    ),
  }
  await postJsonInPage(page, '/api/v1/pages', { name: 'Bench board', route: 'bench-board', content }, 201)

  const origin = new URL(page.url()).origin
  const times: number[] = []
  for (let run = 1; run <= RUNS; run++) {
    reporter.progress(`plugins: page of ${MODULES} modules, run ${run} of ${RUNS}`)
    await page.goto(`${origin}/`)
    await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor({ timeout: 60_000 })
    const started = performance.now()
    await page.goto(`${origin}/p/bench-board`)
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('.plugin-module[data-state="ready"]').length === count ||
        document.querySelector('.plugin-module[data-state="error"]') !== null,
      MODULES,
      { timeout: 60_000, polling: 'raf' },
    )
    times.push(performance.now() - started)
    const failed = await page.locator('.plugin-module[data-state="error"]').count()
    if (failed > 0) throw new Error(`plugins: ${failed} module(s) failed to render`)
  }
  const result = line({
    case: `open a page of ${MODULES} plugin modules until all have rendered (browser)`,
    host: 'browser',
    modules: MODULES,
    median_ms: round(median(times), 1),
    min_ms: round(Math.min(...times), 1),
    max_ms: round(Math.max(...times), 1),
    runs: times.length,
    browser,
  })
  reporter.emit(result)
  return [result]
}
