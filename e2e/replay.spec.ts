import { test, type Page } from './support/test'
import { replaySuite } from '../web/core/testing/replay/replaySuite'
import { openApp } from './support/openApp'
import { pageContractClient } from './support/pageContractClient'

// BrainDrive's clients against the browser host: a new local profile (what it starts with included),
// every answer from the service worker and the API worker (the page's server has no API).
test.describe('BrainDrive client replay in the browser (service worker + msw + API worker)', () => {
  test.describe.configure({ mode: 'serial' })
  let page: Page

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage()
    await openApp(page)
  })
  test.afterAll(() => page.close())

  for (const testCase of replaySuite.filter((c) => !c.hosts || c.hosts.includes('browser'))) {
    test(`${testCase.name} [${testCase.sources.join('; ')}]`, () => testCase.run(pageContractClient(page)))
  }
})
