import { defineConfig } from 'vitest/config'

// Unit and Node-host tests. Browser tests (Chromium) are Playwright's, under e2e/.
export default defineConfig({
  test: {
    include: ['web/**/*.test.ts', 'sync-server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    // One throwaway PostgreSQL for the run: the stores' conformance suites run on it too.
    globalSetup: ['sync-server/test/postgres/globalSetup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
