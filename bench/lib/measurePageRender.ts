import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { buildSamplePlugins } from '../../scripts/buildSamplePlugins.mjs'
import type { LineReporter } from './BenchLine'
import { median } from './median'
import { round } from './round'
import type { PluginLine } from '../plugins'

const RUNS = 5
const SAMPLES = [
  ['QuireNotes', 'Notes'],
  ['QuireCollections', 'CollectionOverview'],
  ['QuireFollower', 'CollectionFollower'],
] as const
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
  const outDir = await mkdtemp(join(tmpdir(), 'quire-bench-samples-'))
  try {
    reporter.progress('plugins: building the sample plugins')
    await buildSamplePlugins({ outDir, force: true, log: () => undefined })
    for (const [slug] of SAMPLES) {
      const bytes = await readFile(join(outDir, `${slug}-1.0.0.zip`))
      const status = await page.evaluate(
        async ({ base64, name }) => {
          const form = new FormData()
          const file = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          form.append('method', 'upload')
          form.append('file', new Blob([file], { type: 'application/zip' }), name)
          return (await fetch('/api/v1/plugins/install', { method: 'POST', body: form })).status
        },
        { base64: bytes.toString('base64'), name: `${slug}.zip` },
      )
      if (status !== 200) throw new Error(`plugins: installing ${slug} answered ${status}`)
    }
    const cells = Array.from({ length: MODULES }, (_, n) => {
      const [pluginId, moduleId] = SAMPLES[n % SAMPLES.length]!
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
    const created = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/v1/pages', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      { name: 'Bench board', route: 'bench-board', content },
    )
    if (created !== 201) throw new Error(`plugins: creating the page answered ${created}`)

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
  } finally {
    await rm(outDir, { recursive: true, force: true })
  }
}
