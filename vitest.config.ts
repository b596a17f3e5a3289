import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { scaledTimeout } from './web/core/testing/node/scaledTimeout.ts'

// Unit and Node-host tests. Browser tests (Chromium) are Playwright's, under e2e/.
//
// Two projects, for the time of `npm run test:unit` on a small machine. Starting a fresh worker (a
// process, vitest's module runner, the file's imports transformed and evaluated again) cost more than
// most pure tests themselves: the core, UI-logic and plugin-frame files share one worker and its module
// cache ("shared", isolate off: its 237 files took 241 s instead of 726 s on a loaded 2-core machine).
// The host tests (servers, SQLite, PostgreSQL, child processes, fake IndexedDB installed on globalThis)
// keep a fresh worker each.
const SHARED = ['web/core/**/*.test.ts', 'web/app/**/*.test.ts', 'web/plugin-frame/**/*.test.ts']

// vitest's default is one worker fewer than the cores, so a 2-core CI machine ran every file one after
// another. Most of the slow files wait (on child processes, PostgreSQL, worker threads, servers) rather
// than compute, so two workers there overlap the waits (the whole unit suite, one run each on the loaded
// 2-core machine: 909 s with one worker in CI, 833 s with two at a load average of about 5).
const MAX_WORKERS = Math.max(2, availableParallelism() - 1)

// A test's or hook's limit guards against a hang; sized for a quiet machine, it grows with the slowdown
// measured once for the run (the workers inherit the measurement), so a busy machine does not fail them.
const QUIET_LIMIT_MS = 20_000

export default defineConfig({
  test: {
    environment: 'node',
    maxWorkers: MAX_WORKERS,
    testTimeout: scaledTimeout(QUIET_LIMIT_MS),
    hookTimeout: scaledTimeout(QUIET_LIMIT_MS),
    // expect.poll's default limit (1 s) too.
    expect: { poll: { timeout: scaledTimeout(1000) } },
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: SHARED, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [
            'web/**/*.test.ts',
            'sync-server/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...SHARED],
          // One throwaway PostgreSQL for the run: the stores' conformance suites run on it too.
          globalSetup: ['sync-server/test/postgres/globalSetup.ts'],
        },
      },
    ],
  },
})
