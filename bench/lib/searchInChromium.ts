import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { build } from 'esbuild'
import { CHROMIUM_ARGS } from '../../scripts/chromiumArgs.mjs'
import { findChromium } from '../../scripts/findChromium.mjs'
import type { SearchCaseInput, SearchCaseResult } from './runSearchCase'
import type { SearchWorkerMessage, SearchWorkerRequest } from './SearchWorkerMessage'

export interface BrowserSearchResults {
  /** `Chromium <version>`. */
  browser: string
  results: SearchCaseResult[]
}

const WORKER_ENTRY = fileURLToPath(new URL('./searchWorker.ts', import.meta.url))

/**
 * Runs search cases in a dedicated Web Worker of headless Chromium (the system one, as the e2e tests
 * use it): the worker is bundled with esbuild and served, with a blank page, from a server on
 * 127.0.0.1 that sends COOP/COEP headers, so the page is cross-origin isolated and the worker's
 * `performance.now()` ticks in microseconds rather than Chromium's coarse 100 µs (the worker refuses to
 * run otherwise). Throws when no
 * Chromium is installed (CHROMIUM_PATH) or the worker fails; closes browser and server either way.
 */
export async function searchInChromium(
  cases: SearchCaseInput[],
  progress: (message: string) => void,
): Promise<BrowserSearchResults> {
  const executablePath = findChromium()
  if (!executablePath) throw new Error('No Chromium found: install it or set CHROMIUM_PATH')
  const bundle = await build({
    entryPoints: [WORKER_ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
  })
  const server = await serve(bundle.outputFiles[0]?.text ?? '')
  const browser = await chromium.launch({
    executablePath,
    args: [...CHROMIUM_ARGS],
  })
  try {
    const page = await browser.newPage()
    await page.exposeFunction('benchProgress', progress)
    const { port } = server.address() as AddressInfo
    await page.goto(`http://127.0.0.1:${port}/`)
    const request: SearchWorkerRequest = { cases }
    const results = await page.evaluate(
      (request) =>
        new Promise<BrowserSearchResults['results']>((resolve, reject) => {
          const worker = new Worker('/search-worker.js')
          const results: BrowserSearchResults['results'] = []
          worker.onmessage = ({ data }: MessageEvent<SearchWorkerMessage>) => {
            if (data.type === 'progress') {
              void (globalThis as unknown as { benchProgress(m: string): Promise<void> }).benchProgress(
                data.message,
              )
            } else if (data.type === 'result') {
              results.push(data.result)
            } else {
              worker.terminate()
              if (data.type === 'done') resolve(results)
              else reject(new Error(data.message))
            }
          }
          worker.onerror = (event) => {
            worker.terminate()
            reject(new Error(`search worker: ${event.message}`))
          }
          worker.postMessage(request)
        }),
      request,
    )
    return { browser: `Chromium ${browser.version()}`, results }
  } finally {
    await browser.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** A blank page and the worker script, cross-origin isolated, on a free port of 127.0.0.1. */
async function serve(workerScript: string): Promise<Server> {
  const server = createServer((request, response) => {
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    response.setHeader('Cross-Origin-Embedder-Policy', 'require-corp')
    if (request.url === '/') {
      response.setHeader('Content-Type', 'text/html; charset=utf-8')
      response.end('<!doctype html><title>search benchmark</title>')
    } else if (request.url === '/search-worker.js') {
      response.setHeader('Content-Type', 'text/javascript; charset=utf-8')
      response.end(workerScript)
    } else {
      response.statusCode = 404
      response.end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return server
}
