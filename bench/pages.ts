import { readFile } from 'node:fs/promises'
import type { Browser, Locator, Page } from '@playwright/test'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { corpusFile } from './lib/corpusFile'
import { installSamplePlugins, SAMPLE_MODULES } from './lib/installSamplePlugins'
import { lineBenchmark } from './lib/lineBenchmark'
import { median } from './lib/median'
import { openAppInChromium } from './lib/openAppInChromium'
import { postJsonInPage } from './lib/postJsonInPage'
import { round } from './lib/round'
import { startQuireServer } from './lib/startQuireServer'
import { ensureBuiltApp } from './lib/ensureBuiltApp'

const NAME = 'pages'
const RUNS = 5
const PAGE_NAME = 'Bench workspace'
const DOCUMENT = 'md/ripgrep__README.md'

export interface PagesLine extends BenchLine {
  modules: number
  builtin_modules: number
  plugin_modules: number
  /** Milliseconds from the click on the page's navigation link to every module rendered. */
  median_ms: number
  min_ms: number
  max_ms: number
  runs: number
  host: 'browser'
  browser: string
}

type BuiltinName = 'Chat' | 'Search' | 'Collections' | 'Evaluation'
type Cell = { i: string; pluginId: string; moduleId: string; config: Record<string, unknown> }

/**
 * The page's 12 modules: Quire's four built-ins (on the collection) and eight of the sample plugins'
 * modules, mixed in reading order.
 */
function workspaceModules(collectionId: string): Cell[] {
  const builtin = (moduleId: BuiltinName): Cell => ({
    i: moduleId.toLowerCase(),
    pluginId: 'quire',
    moduleId,
    config: moduleId === 'Collections' ? {} : { collection_id: collectionId },
  })
  const plugin = (n: number): Cell => {
    const [pluginId, moduleId] = SAMPLE_MODULES[n % SAMPLE_MODULES.length]!
    return { i: `plugin-${n}`, pluginId, moduleId, config: {} }
  }
  return [
    builtin('Chat'),
    plugin(0),
    plugin(1),
    builtin('Search'),
    plugin(2),
    plugin(3),
    builtin('Collections'),
    plugin(4),
    plugin(5),
    builtin('Evaluation'),
    plugin(6),
    plugin(7),
  ]
}

/**
 * What "rendered" means for each cell: its content visible, not a loading panel. A plugin module: its
 * component's heading inside its sandboxed frame (each sample module starts with its title as an h2).
 * A built-in: what its screen shows once its data has loaded (its own heading is there from the start,
 * visually hidden): the chat's session heading, the search's query field, the collections' list, the
 * evaluation's runs (none yet, said so).
 */
function renderedContent(page: Page, cell: Cell, collectionName: string): Locator {
  const at = page.locator(`.plugin-module[data-module="${cell.i}"]`)
  switch (cell.pluginId === 'quire' ? (cell.moduleId as BuiltinName) : undefined) {
    case 'Chat':
      return at.getByRole('heading', { name: `Page chat: ${collectionName}`, level: 2 })
    case 'Search':
      return at.getByRole('searchbox').first()
    case 'Collections':
      return at.getByRole('list', { name: 'Collections' }).getByRole('link', { name: collectionName })
    case 'Evaluation':
      return at.getByText('No evaluation runs for this collection yet.')
    default:
      return at.frameLocator('iframe').getByRole('heading', { level: 2 })
  }
}

/**
 * Opening a published page of 12 modules (4 built-in, 8 from the sample plugins) from the app's
 * navigation, `RUNS` times, in headless Chromium on the app served by the sync server (`npm start`'s
 * deployment; single-user), every request answered by the in-browser API. Each run starts on the
 * Collections screen with the page's link in the Routes navigation, and is timed from the click on it to
 * every cell's content visible (`renderedContent`); a cell in `error` fails the run. Needs
 * `npm run build` (the app in `dist/`) first.
 */
export async function measurePages(reporter: LineReporter<PagesLine>): Promise<PagesLine[]> {
  const errors: unknown[] = []
  const server = await startQuireServer((error) => errors.push(error), { staticDir: 'dist' })
  let browser: Browser | undefined
  try {
    const app = await openAppInChromium(`${server.url}/`)
    browser = app.browser
    const page = app.page
    await page.setViewportSize({ width: 1280, height: 900 })
    await installSamplePlugins(page, (message) => reporter.progress(`${NAME}: ${message}`))

    reporter.progress(`${NAME}: a collection with ${DOCUMENT}, processed in the browser`)
    const collectionName = 'Bench shelf'
    const collectionId = await collectionWithDocument(page, collectionName, DOCUMENT)
    const cells = workspaceModules(collectionId)
    const route = await postJsonInPage<{ id: string }>(
      page,
      '/api/v1/navigation-routes',
      { name: 'Bench', route: 'bench' },
      201,
    )
    const content = {
      layouts: {
        desktop: cells.map((c, n) => ({ i: c.i, x: (n % 2) * 6, y: Math.floor(n / 2) * 6, w: 6, h: 6 })),
      },
      modules: Object.fromEntries(
        cells.map((c) => [
          c.i,
          { pluginId: c.pluginId, moduleId: c.moduleId, moduleName: c.moduleId, config: c.config },
        ]),
      ),
    }
    const made = await postJsonInPage<{ id: string }>(
      page,
      '/api/v1/pages',
      { name: PAGE_NAME, route: 'bench-workspace', navigation_route_id: route.id, content },
      201,
    )
    await postJsonInPage(page, `/api/v1/pages/${made.id}/publish`, { publish: true }, 200)

    const origin = new URL(page.url()).origin
    const link = page
      .getByRole('navigation', { name: 'Routes' })
      .getByRole('link', { name: PAGE_NAME, exact: true })
    const rendered = cells.map((cell) => renderedContent(page, cell, collectionName))
    const times: number[] = []
    for (let run = 1; run <= RUNS; run++) {
      reporter.progress(`${NAME}: page of ${cells.length} modules, run ${run} of ${RUNS}`)
      await page.goto(`${origin}/collections`)
      await page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor({ timeout: 60_000 })
      await link.waitFor({ timeout: 30_000 })
      const started = performance.now()
      await link.click()
      try {
        await Promise.all(rendered.map((content) => content.waitFor({ timeout: 60_000 })))
      } catch (error) {
        // A module that failed never renders its content: say which, rather than only "timed out".
        const failed = await page
          .locator('.plugin-module[data-state="error"]')
          .evaluateAll((cells) => cells.map((c) => `${c.getAttribute('data-module')}: ${c.textContent}`))
        if (failed.length > 0) throw new Error(`${NAME}: module(s) failed to render: ${failed.join('; ')}`)
        throw error
      }
      const ms = performance.now() - started
      times.push(ms)
    }
    if (errors.length > 0)
      throw new Error(`${NAME}: the server logged ${errors.length} error(s): ${String(errors[0])}`)
    const builtins = cells.filter((c) => c.pluginId === 'quire').length
    const result: PagesLine = {
      benchmark: NAME,
      case: `open a published page of ${cells.length} modules (${builtins} built-in, ${cells.length - builtins} plugin) from the navigation until all have rendered (browser)`,
      modules: cells.length,
      builtin_modules: builtins,
      plugin_modules: cells.length - builtins,
      median_ms: round(median(times), 1),
      min_ms: round(Math.min(...times), 1),
      max_ms: round(Math.max(...times), 1),
      runs: times.length,
      host: 'browser',
      browser: app.version,
      node: process.version,
      date: new Date().toISOString(),
    }
    reporter.emit(result)
    return [result]
  } finally {
    await browser?.close()
    await server.stop()
  }
}

/** A collection holding one corpus file, uploaded through the in-browser API and processed there; its id. */
async function collectionWithDocument(page: Page, name: string, relativePath: string): Promise<string> {
  const collection = await postJsonInPage<{ id: string }>(
    page,
    '/api/collections/',
    { name, description: 'The page benchmark’s built-in modules read it' },
    201,
  )
  const bytes = await readFile(corpusFile(relativePath))
  const outcome = await page.evaluate(
    async ({ collectionId, base64, filename }) => {
      const form = new FormData()
      form.set('collection_id', collectionId)
      const file = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      form.set('file', new File([file], filename, { type: 'text/markdown' }))
      let document = await fetch('/api/documents/', { method: 'POST', body: form }).then((r) => r.json())
      const deadline = Date.now() + 120_000
      while (document.status === 'processing' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        document = await fetch(`/api/documents/${document.id}`).then((r) => r.json())
      }
      return String(document.status)
    },
    {
      collectionId: collection.id,
      base64: bytes.toString('base64'),
      filename: relativePath.split('/').pop()!,
    },
  )
  if (outcome !== 'completed') throw new Error(`${NAME}: ${relativePath} ended ${outcome}, not completed`)
  return collection.id
}

export const pages = lineBenchmark(NAME, async (reporter) => {
  await ensureBuiltApp(reporter.progress)
  return measurePages(reporter)
})
