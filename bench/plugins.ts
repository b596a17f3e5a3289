import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import { startServer } from '../sync-server/src/startServer'
import type { LineReporter } from './lib/BenchLine'
import type { PluginLine } from './lib/PluginLine'
import { benchPluginArchive } from './lib/benchPluginArchive'
import { lineBenchmark } from './lib/lineBenchmark'
import { measurePageRender } from './lib/measurePageRender'
import { median } from './lib/median'
import { openAppInChromium } from './lib/openAppInChromium'
import { round } from './lib/round'
import { ensureBuiltApp } from './lib/ensureBuiltApp'

const NAME = 'plugins'
const RUNS = 5
const INSTALL = '/api/v1/plugins/install'
const UNINSTALL = '/api/v1/plugins/BenchPlugin/uninstall'

/**
 * Installing a 1 MB plugin archive (POST /api/v1/plugins/install, method upload), then uninstalling
 * it, `RUNS` times on each host: the sync server over HTTP (single-user, a fresh DATA_DIR), and the
 * in-browser API in headless Chromium (the page's fetch, answered by the service worker and the API
 * worker from IndexedDB; the app served by the same server). The time is the request's, end to end:
 * unpacking, validating, storing every file, saving the records. Needs `npm run build` first.
 */
export async function measurePlugins(reporter: LineReporter<PluginLine>): Promise<PluginLine[]> {
  const line = (fields: Omit<PluginLine, 'benchmark' | 'node' | 'date'>): PluginLine => ({
    benchmark: NAME,
    ...fields,
    node: process.version,
    date: new Date().toISOString(),
  })
  const archives = Array.from({ length: RUNS }, (_, run) => benchPluginArchive(`1.0.${run}`))
  const archiveKb = round(archives[0]!.length / 1024, 1)
  const lines: PluginLine[] = []
  const report = (host: 'server' | 'browser', values: number[], browser?: string) => {
    const result = line({
      case: `install a ${archiveKb} KB plugin archive (${host})`,
      host,
      median_ms: round(median(values), 1),
      min_ms: round(Math.min(...values), 1),
      max_ms: round(Math.max(...values), 1),
      runs: values.length,
      archive_kb: archiveKb,
      ...(browser ? { browser } : {}),
    })
    reporter.emit(result)
    lines.push(result)
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-plugins-'))
  const server = await startServer(
    { port: 0, host: '127.0.0.1', dataDir, staticDir: 'dist', singleUser: true },
    {},
  )
  let browser: Browser | undefined
  try {
    const onServer: number[] = []
    for (const [run, archive] of archives.entries()) {
      reporter.progress(`${NAME}: server run ${run + 1} of ${RUNS}`)
      const form = new FormData()
      form.append('method', 'upload')
      form.append(
        'file',
        new Blob([archive as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
        'bench.zip',
      )
      const started = performance.now()
      const response = await fetch(server.url + INSTALL, { method: 'POST', body: form })
      const text = await response.text()
      onServer.push(performance.now() - started)
      if (!response.ok)
        throw new Error(`${NAME}: server install answered ${response.status} ${text.slice(0, 300)}`)
      const removed = await fetch(server.url + UNINSTALL, { method: 'DELETE' })
      if (!removed.ok) throw new Error(`${NAME}: server uninstall answered ${removed.status}`)
    }
    report('server', onServer)

    const app = await openAppInChromium(server.url + '/')
    browser = app.browser
    const page = app.page
    const inBrowser: number[] = []
    for (const [run, archive] of archives.entries()) {
      reporter.progress(`${NAME}: browser run ${run + 1} of ${RUNS}`)
      const outcome = await page.evaluate(
        async ({ base64, install, uninstall }) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
          const form = new FormData()
          form.append('method', 'upload')
          form.append('file', new Blob([bytes], { type: 'application/zip' }), 'bench.zip')
          const started = performance.now()
          const response = await fetch(install, { method: 'POST', body: form })
          const text = await response.text()
          const ms = performance.now() - started
          const host = response.headers.get('x-quire-host')
          const removed = await fetch(uninstall, { method: 'DELETE' })
          return { ms, status: response.status, text: text.slice(0, 300), host, removed: removed.status }
        },
        { base64: Buffer.from(archive).toString('base64'), install: INSTALL, uninstall: UNINSTALL },
      )
      if (outcome.status >= 300 || outcome.removed >= 300) {
        throw new Error(`${NAME}: browser install answered ${outcome.status} ${outcome.text}`)
      }
      if (outcome.host !== 'browser') throw new Error(`${NAME}: the install was answered by ${outcome.host}`)
      inBrowser.push(outcome.ms)
    }
    report('browser', inBrowser, app.version)
    lines.push(...(await measurePageRender(page, reporter, line, app.version)))
    return lines
  } finally {
    await browser?.close()
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const plugins = lineBenchmark(NAME, async (reporter) => {
  await ensureBuiltApp(reporter.progress)
  return measurePlugins(reporter)
})
