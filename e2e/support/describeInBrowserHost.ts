import { test, type Page } from './test'
import type { HostCase } from '../../web/core/testing/HostCase'
import type { ContractClient } from '../../web/core/testing/contract/ContractClient'
import { openApp } from './openApp'
import { pageContractClient } from './pageContractClient'

/**
 * Runs host-agnostic REST cases against the browser host, in order, in one page of the app served with
 * no API: every answer comes from the service worker and the API worker. `title` names each case.
 */
export function describeInBrowserHost<T extends HostCase<ContractClient>>(
  description: string,
  cases: readonly T[],
  title: (testCase: T) => string = (testCase) => testCase.name,
): void {
  test.describe(description, () => {
    test.describe.configure({ mode: 'serial' })
    let page: Page

    test.beforeAll(async ({ browser }) => {
      page = await browser.newPage()
      await openApp(page)
    })
    test.afterAll(() => page.close())

    for (const testCase of cases) test(title(testCase), () => testCase.run(pageContractClient(page)))
  })
}
