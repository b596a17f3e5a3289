import { defineConfig } from 'vitest/config'

// Unit and Node-host tests. Browser tests (Chromium) are Playwright's, under e2e/.
export default defineConfig({
  test: {
    include: ['web/**/*.test.ts', 'sync-server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
})
