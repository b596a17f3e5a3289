import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { BrowserLargeLine } from './lib/BrowserLargeLine'
import type { BrowserBenchHost } from './lib/BrowserLine'
import type { LineReporter } from './lib/BenchLine'
import { browserBenchTable } from './lib/browserBenchTable'
import {
  pageFetcher,
  processFolder,
  serverFetcher,
  type FolderFile,
  type FolderProcessed,
} from './lib/browserBenchFolder'
import { chromiumPeakMemory, resetChromiumPeaks } from './lib/chromiumMemory'
import { ensureBuiltApp } from './lib/ensureBuiltApp'
import { largeFolderFiles } from './lib/largeFolderFiles'
import { lineBenchmark } from './lib/lineBenchmark'
import { keptBenchStores } from './lib/keptBenchStores'
import {
  openAppInChromium,
  openAppInKeptProfile,
  type AppInChromium,
  type AppInKeptProfile,
} from './lib/openAppInChromium'
import { peakRssSince, resetPeakRss } from './lib/processPeakRss'
import { median } from './lib/median'
import { round } from './lib/round'
import { startServerProcess } from './lib/startServerProcess'
import type { RunningTarget } from './lib/RunningTarget'
import type { TimedAnswer, TimedCall } from './lib/TimedCall'
import { timeCallsInPage } from './lib/timeCallsInPage'
import { timeCallsOnServer } from './lib/timeCallsOnServer'
import { timedCaseFields } from './lib/timedCaseFields'
import { untilPageIndexSaved } from './lib/untilPageIndexSaved'
import { xquadQuestions } from './lib/xquadQuestions'
import { xquadSentences } from './lib/xquadSentences'

const NAME = 'browser-large'
const SEED = 44
/** Cold starts timed per host. */
const COLD_STARTS = 3
/** How long a cold start may take before the run fails. */
const COLD_START_LIMIT_MS = 300_000
/** How long the page may take to save its index after the folder before the run fails. */
const INDEX_SAVE_LIMIT_MS = 300_000

export interface BrowserLargeSettings {
  documents: number
  /** Paragraphs per document (the chunker cuts about 1.4 passages from each). */
  paragraphs: number
  /** xquad-en questions timed for search. */
  questions: number
  /**
   * A folder where the processed stores are kept between runs (`BENCH_LARGE_KEEP`): the first run processes
   * and keeps them, later runs skip processing and time search and cold starts over them.
   */
  keep?: string
}

export const defaultBrowserLargeSettings: BrowserLargeSettings = {
  documents: 200,
  paragraphs: 500,
  questions: 40,
}

/**
 * `BENCH_LARGE_DOCUMENTS` and `BENCH_LARGE_PARAGRAPHS` (whole numbers from 1) override the folder's size;
 * `BENCH_LARGE_KEEP` names a folder to keep the processed stores in (see `keep`).
 */
export function browserLargeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): BrowserLargeSettings {
  const read = (name: string, fallback: number) => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < 1 || value > 100_000)
      throw new Error(`${name} must be a whole number from 1 to 100000, not ${raw}`)
    return value
  }
  return {
    ...defaultBrowserLargeSettings,
    documents: read('BENCH_LARGE_DOCUMENTS', defaultBrowserLargeSettings.documents),
    paragraphs: read('BENCH_LARGE_PARAGRAPHS', defaultBrowserLargeSettings.paragraphs),
    ...(env.BENCH_LARGE_KEEP ? { keep: env.BENCH_LARGE_KEEP } : {}),
  }
}

/**
 * The browser host at the size people reach (issue 44): a folder of 200 generated plain-text documents,
 * about 139k passages, processed by the sync server (its own process) and by the app in headless Chromium
 * on its origin, with each one's peak memory; hybrid search over it, the page's direct path and the server
 * interleaved in batches of 5; then three cold starts of each (their median, and each one): the page
 * closed and the app opened again, the server stopped and started again over the same data, timed until a
 * search answers, and until it answers with the passages the warm host gave (the browser answers while
 * its index is still being rebuilt).
 */
export async function measureBrowserLarge(
  reporter: LineReporter<BrowserLargeLine>,
  settings: BrowserLargeSettings = defaultBrowserLargeSettings,
): Promise<BrowserLargeLine[]> {
  const lines: BrowserLargeLine[] = []
  const emit = (fields: Omit<BrowserLargeLine, 'benchmark' | 'node' | 'date'>) => {
    const line = { benchmark: NAME, ...fields, node: process.version, date: new Date().toISOString() }
    reporter.emit(line)
    lines.push(line)
  }
  const files = largeFolderFiles(await xquadSentences(), { ...settings, seed: SEED })
  const all = await xquadQuestions()
  const stride = Math.max(1, Math.floor(all.length / settings.questions))
  const questions = all.filter((_, i) => i % stride === 0).slice(0, settings.questions)
  const kept = settings.keep ? await keptBenchStores(settings.keep, settings) : null
  const dataDir = kept?.dataDir ?? (await mkdtemp(join(tmpdir(), 'quire-bench-large-')))
  // The time it takes is measured here, not limited: a loaded machine must not fail a report. A kept run
  // listens where it did before: the page's origin, so its IndexedDB, depends on the port.
  const env = {
    STATIC_DIR: resolve('dist'),
    INGEST_TIMEOUT_S: '3600',
    ...(kept?.state ? { PORT: String(kept.state.port) } : {}),
  }
  let server: RunningTarget | undefined
  let close: (() => Promise<void>) | undefined
  try {
    server = await startServerProcess(env, reporter.progress, [], dataDir)
    const app = kept
      ? await openAppInKeptProfile(`${server.url}/collections`, kept.profileDir)
      : await openAppInChromium(`${server.url}/collections`)
    close = () => ('browser' in app ? app.browser.close() : app.context.close())
    let page = app.page
    let serverFolder: { collectionId: string; processed: { passages: number } }
    let pageFolder: typeof serverFolder
    if (kept?.state) {
      reporter.progress(`${NAME}: the folder processed by an earlier run (${settings.keep})`)
      serverFolder = { collectionId: kept.state.server.collectionId, processed: kept.state.server }
      pageFolder = { collectionId: kept.state.page.collectionId, processed: kept.state.page }
    } else {
      ;({ serverFolder, pageFolder } = await processOnBoth(server, app, files, emit, reporter))
      await kept?.save({
        documents: settings.documents,
        paragraphs: settings.paragraphs,
        port: Number(new URL(server.url).port),
        server: { collectionId: serverFolder.collectionId, passages: serverFolder.processed.passages },
        page: { collectionId: pageFolder.collectionId, passages: pageFolder.processed.passages },
      })
    }

    const searchCall = (host: BrowserBenchHost, question: string): TimedCall => ({
      method: 'POST',
      path: '/api/search_u/',
      body: {
        query: question,
        collection_id: host === 'server' ? serverFolder.collectionId : pageFolder.collectionId,
        top_k: 5,
        use_hybrid_search: true,
      },
    })
    const searchCase = `POST /api/search_u/ (${pageFolder.processed.passages} passages, ${questions.length} questions, top 5, hybrid)`
    reporter.progress(`${NAME}: ${searchCase}`)
    // One untimed search each first (JIT, the server's index loaded on first use).
    const warm = {
      page: await timeCallsInPage(page, [searchCall('page', questions[0]!.question)], false),
      server: await timeCallsOnServer(server.url, [searchCall('server', questions[0]!.question)]),
    }
    const answers: Record<'page' | 'server', TimedAnswer[]> = { page: [], server: [] }
    for (let from = 0; from < questions.length; from += 5) {
      const batch = questions.slice(from, from + 5).map((question) => question.question)
      answers.page.push(
        ...(await timeCallsInPage(
          page,
          batch.map((q) => searchCall('page', q)),
          false,
        )),
      )
      answers.server.push(
        ...(await timeCallsOnServer(
          server.url,
          batch.map((q) => searchCall('server', q)),
        )),
      )
    }
    for (const host of ['page', 'server'] as const) {
      const bad = answers[host].find((answer) => answer.status !== 200)
      if (bad) throw new Error(`${NAME}: a search on ${host} answered ${bad.status}`)
      emit({
        case: searchCase,
        host,
        ...timedCaseFields(answers[host], answers.server, true),
        ...(host === 'page' ? { browser: app.version } : {}),
      })
    }

    const coldCase = `cold start with ${pageFolder.processed.passages} passages stored: the first search`
    reporter.progress(`${NAME}: ${coldCase}, the page`)
    const pageCold = await coldStarts(async () => {
      await page.close()
      const opened = performance.now()
      page = await page.context().newPage()
      await page.goto(`${server!.url}/collections`, { waitUntil: 'commit' })
      return untilFullAnswer(opened, warm.page[0]!.digest, () =>
        timeCallsInPage(page, [searchCall('page', questions[0]!.question)], false),
      )
    })
    emit({ case: coldCase, host: 'page', ...pageCold, browser: app.version })

    reporter.progress(`${NAME}: ${coldCase}, the server`)
    const ready: number[] = []
    const serverCold = await coldStarts(async () => {
      await server!.stop()
      const started = performance.now()
      server = await startServerProcess(env, reporter.progress, [], dataDir)
      ready.push(performance.now() - started)
      const url = server.url
      return untilFullAnswer(started, warm.server[0]!.digest, () =>
        timeCallsOnServer(url, [searchCall('server', questions[0]!.question)]),
      )
    })
    emit({ case: coldCase, host: 'server', ...serverCold, ready_ms: round(median(ready), 0) })
    reporter.progress(browserBenchTable(lines))
    return lines
  } finally {
    await close?.()
    await server?.stop()
    if (!kept) await rm(dataDir, { recursive: true, force: true })
  }
}

/** Processes the folder on the server, then in the page, each with its peak memory (not in a kept profile). */
async function processOnBoth(
  server: RunningTarget,
  app: AppInChromium | AppInKeptProfile,
  files: readonly FolderFile[],
  emit: (fields: Omit<BrowserLargeLine, 'benchmark' | 'node' | 'date'>) => void,
  reporter: LineReporter<BrowserLargeLine>,
): Promise<Record<'serverFolder' | 'pageFolder', { collectionId: string; processed: FolderProcessed }>> {
  const onServer = serverFetcher(server.url)
  // Playwright gives a kept profile no Browser, so no DevTools session to list Chromium's processes.
  const browser = 'browser' in app ? app.browser : null
  reporter.progress(`${NAME}: processing ${files.length} documents on the server`)
  await resetPeakRss(server.pid!)
  const serverFolder = await processFolder(onServer.call, onServer.send, files, reporter.progress)
  const serverPeak = await peakRssSince(server.pid!)
  reporter.progress(`${NAME}: processing ${files.length} documents in the browser`)
  if (browser) await resetChromiumPeaks(browser)
  const inPage = pageFetcher(app.page)
  const pageFolder = await processFolder(inPage.call, inPage.send, files, reporter.progress)
  // Until the page has saved its index (the server's was saved while the page processed): searches
  // are timed with neither host's save under way, the memory and storage below include the save's,
  // and the cold starts open a snapshot of the whole folder.
  reporter.progress(`${NAME}: waiting for the page to save its search index`)
  const indexSaved = await untilPageIndexSaved(app.page, files.length, INDEX_SAVE_LIMIT_MS)
  const chromium = browser ? await chromiumPeakMemory(browser) : null
  const storage = await app.page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0)
  for (const [host, folder] of [
    ['server', serverFolder],
    ['page', pageFolder],
  ] as const) {
    emit({
      case: `process ${files.length} text documents`,
      host,
      documents: files.length,
      processing_s: round(folder.processed.ms / 1000, 1),
      passages: folder.processed.passages,
      ...(host === 'server'
        ? { peak_rss_mb: Math.round(serverPeak / 1024) }
        : {
            ...(chromium ? { peak_rss_mb: chromium.renderer_mb, chromium_peak_rss_mb: chromium.all_mb } : {}),
            storage_mb: Math.round(storage / 1024 / 1024),
            index_saved_s: round(indexSaved / 1000, 1),
            browser: app.version,
          }),
    })
  }
  return { serverFolder, pageFolder }
}

/**
 * Cold starts one after another (`COLD_STARTS`): one start's time moves with the machine by as much
 * as a change to it saves, so the line gives their median and every start's time to the full answer.
 */
async function coldStarts(
  start: () => Promise<{ first_answer_ms: number; full_answer_ms: number }>,
): Promise<Pick<BrowserLargeLine, 'first_answer_ms' | 'full_answer_ms' | 'full_answer_runs_ms'>> {
  const runs = []
  for (let i = 0; i < COLD_STARTS; i++) runs.push(await start())
  return {
    first_answer_ms: median(runs.map((run) => run.first_answer_ms)),
    full_answer_ms: median(runs.map((run) => run.full_answer_ms)),
    full_answer_runs_ms: runs.map((run) => run.full_answer_ms),
  }
}

/** Asks again until the answer has the warm host's passages: ms from `since` to the first answer and to that. */
async function untilFullAnswer(
  since: number,
  digest: string,
  ask: () => Promise<TimedAnswer[]>,
): Promise<{ first_answer_ms: number; full_answer_ms: number }> {
  let first: number | undefined
  for (;;) {
    const [answer] = await ask()
    const now = performance.now() - since
    if (answer?.status === 200) {
      first ??= now
      if (answer.digest === digest) return { first_answer_ms: round(first, 0), full_answer_ms: round(now, 0) }
    } else await new Promise((done) => setTimeout(done, 50))
    if (now > COLD_START_LIMIT_MS)
      throw new Error(`${NAME}: no full answer ${COLD_START_LIMIT_MS} ms after a start`)
  }
}

export const browserLarge = lineBenchmark(NAME, async (reporter) => {
  const settings = browserLargeSettingsFromEnv()
  await ensureBuiltApp(reporter.progress)
  return measureBrowserLarge(reporter, settings)
})
