import { resolve } from 'node:path'
import type { Browser } from '@playwright/test'
import { naturalQuestions } from './answers/naturalQuestions'
import type { LineReporter } from './lib/BenchLine'
import type { BrowserBenchHost, BrowserLine } from './lib/BrowserLine'
import { browserBenchTable } from './lib/browserBenchTable'
import {
  DEV_FOLDER,
  pageFetcher,
  processFolder,
  readDevFolder,
  serverFetcher,
} from './lib/browserBenchFolder'
import { ensureBuiltApp } from './lib/ensureBuiltApp'
import { lineBenchmark } from './lib/lineBenchmark'
import { openAppInChromium } from './lib/openAppInChromium'
import { round } from './lib/round'
import { startServerProcess } from './lib/startServerProcess'
import type { TimedAnswer, TimedCall } from './lib/TimedCall'
import { timeCallsInPage } from './lib/timeCallsInPage'
import { timeCallsOnServer } from './lib/timeCallsOnServer'
import { timedCaseFields } from './lib/timedCaseFields'

const NAME = 'browser'

export interface BrowserBenchSettings {
  /** Timed requests per request-path case and host. */
  requests: number
  /** Questions timed for search (the first of the natural questions about the folder, then absent ones). */
  questions: number
  /** Questions answered over the chat stream. */
  answers: number
  /** How many of the dev folder's reports are processed (all 8 by default; fewer on a loaded machine). */
  reports: number
}

export const defaultBrowserBenchSettings: BrowserBenchSettings = {
  requests: 200,
  questions: 43,
  answers: 10,
  reports: DEV_FOLDER.length,
}

/** `BENCH_BROWSER_REPORTS` (1 to 8) overrides `reports`; nothing else is configurable. */
export function browserBenchSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): BrowserBenchSettings {
  const raw = env.BENCH_BROWSER_REPORTS
  if (raw === undefined || raw === '') return defaultBrowserBenchSettings
  const reports = Number(raw)
  if (!Number.isInteger(reports) || reports < 1 || reports > DEV_FOLDER.length)
    throw new Error(`BENCH_BROWSER_REPORTS must be a whole number from 1 to ${DEV_FOLDER.length}, not ${raw}`)
  return { ...defaultBrowserBenchSettings, reports }
}

/**
 * The in-browser API against the sync server, in one run on the same machine (issue 44): the server in a
 * process of its own (single-user, `npm start`'s deployment serving `dist/`), the app in headless Chromium
 * on its origin, every page request answered in the browser. Both hosts process the dev folder (eight annual
 * reports); then, interleaved in batches so that load drifts hit every host alike: the request path
 * (`GET /api/health`, `GET /api/collections/`), hybrid search (`POST /api/search_u/`, top 5) for questions
 * typed as people type them, and answers over `POST /api/chat/stream` (the extractive answerer): time to the
 * first word and to the end. The page is timed twice: its own direct path to the API worker, and the old
 * path through the service worker and msw (`page-sw`: what plugins and scripts take, and the baseline of
 * issue 44's item 2). Each line carries its ratio to the server's figure.
 */
export async function measureBrowser(
  reporter: LineReporter<BrowserLine>,
  settings: BrowserBenchSettings = defaultBrowserBenchSettings,
): Promise<BrowserLine[]> {
  const line = (fields: Omit<BrowserLine, 'benchmark' | 'node' | 'date'>): BrowserLine => ({
    benchmark: NAME,
    ...fields,
    node: process.version,
    date: new Date().toISOString(),
  })
  const lines: BrowserLine[] = []
  const emit = (result: BrowserLine) => {
    reporter.emit(result)
    lines.push(result)
  }
  const files = (await readDevFolder()).slice(0, settings.reports)
  const folderNames = new Set(files.map((file) => file.name.replace(/\.pdf$/u, '')))
  const all = await naturalQuestions()
  const questions = [
    ...all.filter((question) => question.kind !== 'absent' && folderNames.has(question.doc)),
    ...all.filter((question) => question.kind === 'absent'),
  ].slice(0, settings.questions)

  const server = await startServerProcess(
    // The time it takes is measured here, not limited: a loaded machine must not fail a report.
    { STATIC_DIR: resolve('dist'), INGEST_TIMEOUT_S: '3600' },
    reporter.progress,
  )
  let browser: Browser | undefined
  try {
    const app = await openAppInChromium(`${server.url}/collections`)
    browser = app.browser
    const page = app.page
    const onServer = serverFetcher(server.url)
    const inPage = pageFetcher(page)

    reporter.progress(`${NAME}: processing the ${files.length} reports on the server`)
    const serverFolder = await processFolder(onServer.call, onServer.send, files, reporter.progress)
    reporter.progress(`${NAME}: processing the ${files.length} reports in the browser`)
    const pageFolder = await processFolder(inPage.call, inPage.send, files, reporter.progress)
    for (const [host, folder] of [
      ['server', serverFolder],
      ['page', pageFolder],
    ] as const) {
      emit(
        line({
          case: `process the dev folder (${files.length} annual reports)`,
          host,
          processing_s: round(folder.processed.ms / 1000, 1),
          pages: folder.processed.pages,
          passages: folder.processed.passages,
          ...(host === 'page' ? { browser: app.version } : {}),
        }),
      )
    }

    // Each case: the same calls on the three hosts, in batches taken in turn.
    const timeCase = async (
      name: string,
      calls: (host: BrowserBenchHost) => TimedCall[],
      batch: number,
    ): Promise<Record<BrowserBenchHost, TimedAnswer[]>> => {
      reporter.progress(`${NAME}: ${name}`)
      const hosts: BrowserBenchHost[] = ['page', 'page-sw', 'server']
      const lists = Object.fromEntries(hosts.map((host) => [host, calls(host)])) as Record<
        BrowserBenchHost,
        TimedCall[]
      >
      // One untimed call each first: JIT, caches, a model's first load.
      await timeCallsInPage(page, lists.page.slice(0, 1), false)
      await timeCallsInPage(page, lists['page-sw'].slice(0, 1), true)
      await timeCallsOnServer(server.url, lists.server.slice(0, 1))
      const answers: Record<BrowserBenchHost, TimedAnswer[]> = { page: [], 'page-sw': [], server: [] }
      const count = lists.server.length
      for (let from = 0; from < count; from += batch) {
        answers.page.push(...(await timeCallsInPage(page, lists.page.slice(from, from + batch), false)))
        answers['page-sw'].push(
          ...(await timeCallsInPage(page, lists['page-sw'].slice(from, from + batch), true)),
        )
        answers.server.push(...(await timeCallsOnServer(server.url, lists.server.slice(from, from + batch))))
      }
      for (const host of hosts) {
        const bad = answers[host].find((answer) => answer.status >= 300)
        if (bad) throw new Error(`${NAME}: ${name} on ${host} answered ${bad.status}`)
        const expected = host === 'server' ? null : 'browser'
        const wrong = answers[host].find((answer) =>
          host === 'server' ? answer.host === 'browser' : answer.host !== expected,
        )
        if (wrong) throw new Error(`${NAME}: ${name} on ${host} was answered by ${wrong.host}`)
      }
      for (const host of hosts) {
        emit(
          line({
            case: name,
            host,
            ...timedCaseFields(answers[host], answers.server, name.startsWith('POST /api/search_u/')),
            ...(host === 'server' ? {} : { browser: app.version }),
          }),
        )
      }
      return answers
    }

    const repeat = (call: TimedCall) => Array.from({ length: settings.requests + 1 }, () => call)
    await timeCase('GET /api/health', () => repeat({ method: 'GET', path: '/api/health' }), 20)
    await timeCase(
      'GET /api/collections/ (1 collection)',
      () => repeat({ method: 'GET', path: '/api/collections/' }),
      20,
    )
    const collectionOf = (host: BrowserBenchHost) =>
      host === 'server' ? serverFolder.collectionId : pageFolder.collectionId
    await timeCase(
      `POST /api/search_u/ (${questions.length} questions, top 5, hybrid)`,
      (host) =>
        [questions[0]!, ...questions].map((question) => ({
          method: 'POST',
          path: '/api/search_u/',
          body: {
            query: question.question,
            collection_id: collectionOf(host),
            top_k: 5,
            use_hybrid_search: true,
          },
        })),
      5,
    )
    // A chat session per host, then the answers (the extractive answerer: no model, no download).
    const sessions: Partial<Record<BrowserBenchHost, string>> = {}
    for (const host of ['page', 'page-sw', 'server'] as const) {
      const body = { name: `bench ${host}`, collection_id: collectionOf(host) }
      const created =
        host === 'server'
          ? await onServer.call('POST', '/api/chat/sessions', body)
          : await inPage.call('POST', '/api/chat/sessions', body)
      if (created.status !== 201) throw new Error(`${NAME}: a chat session answered ${created.status}`)
      sessions[host] = (JSON.parse(created.text) as { id: string }).id
    }
    const asked = questions.filter((question) => question.kind !== 'absent').slice(0, settings.answers)
    await timeCase(
      `POST /api/chat/stream (${asked.length} questions, extractive answer)`,
      (host) =>
        [asked[0]!, ...asked].map((question) => ({
          method: 'POST',
          path: '/api/chat/stream',
          body: { session_id: sessions[host], message: question.question },
        })),
      2,
    )
    reporter.progress(browserBenchTable(lines))
    return lines
  } finally {
    await browser?.close()
    await server.stop()
  }
}

export const browser = lineBenchmark(NAME, async (reporter) => {
  const settings = browserBenchSettingsFromEnv()
  await ensureBuiltApp(reporter.progress)
  return measureBrowser(reporter, settings)
})
