import { expect, test, type Page } from './support/test'
import { build } from 'esbuild'
import { storeConformance } from '../web/core/testing/conformance/store/storeConformance'

// The store conformance suite that the SQL and fake-indexeddb runs pass, run against the Dexie
// adapter on Chromium's own IndexedDB.
test.describe('Dexie store conformance in Chromium', () => {
  test.describe.configure({ mode: 'serial' })
  let page: Page

  test.beforeAll(async ({ browser }) => {
    const bundle = await build({
      entryPoints: ['e2e/support/storeConformanceInPage.ts'],
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
    })
    page = await browser.newPage()
    // Any page of the app's origin will do; IndexedDB needs a real origin.
    await page.goto('/icons/icon-192.png')
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' })
  })
  test.afterAll(() => page.close())

  for (const [port, cases] of Object.entries(storeConformance)) {
    test.describe(port, () => {
      for (const testCase of cases) {
        test(testCase.name, async () => {
          const failure = await page.evaluate(
            ([port, name]) =>
              (
                globalThis as unknown as { runStoreCase(p: string, n: string): Promise<string | null> }
              ).runStoreCase(port, name),
            [port, testCase.name] as const,
          )
          expect(failure).toBeNull()
        })
      }
    })
  }
})
