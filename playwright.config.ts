import { defineConfig, type TraceMode } from '@playwright/test'
import { CHROMIUM_ARGS } from './scripts/chromiumArgs.mjs'
import { findChromium } from './scripts/findChromium.mjs'
import { scaledTimeout } from './web/core/testing/node/scaledTimeout.ts'

/**
 * Browser tests against the production build, in a system Chromium (Playwright cannot download
 * its own here). Two servers: a static file server with no API at all (proving the app and its
 * REST surface run entirely in the browser), and the Koa sync server serving the same build.
 */
// Overridable so that two runs (say, two checkouts) can share a machine.
export const STATIC_PORT = Number(process.env.E2E_STATIC_PORT ?? 4317)
export const SYNC_PORT = Number(process.env.E2E_SYNC_PORT ?? 8317)

export default defineConfig({
  testDir: './e2e',
  outputDir: './e2e/output/results',
  // Two workers, each a Chromium of its own: a test waits much of its time (on workers, a server, the
  // service worker), so two overlap even on a 2-core machine. A spec's
  // tests stay in order in one worker; specs share the two servers only through data of their own (each
  // test a fresh browser context, each person signed up anew); one that needs a server changed starts its
  // own (startQuireServer). E2E_WORKERS=1 runs them one at a time. Measured on the shared 2-core machine:
  // 25.0 min with one worker (CI), 23.9 and 23.2 min with two (two runs in a row, all 384 passed, at load
  // averages of 9 to 13 from other work): the machine is mostly CPU-bound, so the gain is small.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Limits against a hang, sized for a quiet machine and grown by the slowdown measured once for the run
  // (the workers inherit the measurement).
  timeout: scaledTimeout(60_000),
  expect: { timeout: scaledTimeout(15_000) },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${STATIC_PORT}`,
    // No trace unless asked for (E2E_TRACE=retain-on-failure, say): recording one for every test (each
    // action's DOM snapshot, every response body, the service worker's precache of each new context
    // included) took a quarter of the browser tests' time on a 2-core machine (navigation and sidebar
    // specs: 176-178 s with, 131-141 s without). A failure still leaves its screenshot and the page's
    // accessibility snapshot (error-context.md).
    trace: (process.env.E2E_TRACE ?? 'off') as TraceMode,
    screenshot: 'only-on-failure',
    // Transitions end at once: axe measuring colours just after a theme or hover change must not catch a
    // button halfway between two backgrounds (seen as contrast failures on a loaded machine).
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: findChromium(),
      args: [...CHROMIUM_ARGS],
    },
  },
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${STATIC_PORT} --strictPort`,
      url: `http://127.0.0.1:${STATIC_PORT}/`,
      reuseExistingServer: false,
      timeout: scaledTimeout(60_000),
    },
    {
      command: `node scripts/e2eSyncServer.mjs ${SYNC_PORT}`,
      url: `http://127.0.0.1:${SYNC_PORT}/health`,
      reuseExistingServer: false,
      timeout: scaledTimeout(60_000),
    },
  ],
})
