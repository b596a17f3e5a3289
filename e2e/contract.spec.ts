import { test, type Page } from './support/test'
import { contractSuite } from '../web/core/testing/contract/contractSuite'
import { openApp } from './support/openApp'
import { pageContractClient } from './support/pageContractClient'

// The same REST contract the Koa server passes (sync-server/test/contract.test.ts), here answered by
// the browser host. The page is served by a static file server with no API, so every answer comes
// from the service worker and the API worker.
test.describe('REST contract in the browser (service worker + msw + API worker)', () => {
  test.describe.configure({ mode: 'serial' })
  let page: Page

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage()
    await openApp(page)
  })
  test.afterAll(() => page.close())

  for (const testCase of contractSuite) {
    test(testCase.name, () => testCase.run(pageContractClient(page)))
  }
})
