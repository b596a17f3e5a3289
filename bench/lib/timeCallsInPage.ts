import type { Page } from '@playwright/test'
import type { TimedAnswer, TimedCall } from './TimedCall'
import { timeCalls } from './timeCalls'
import { VIA_SERVICE_WORKER } from '../../web/browser/api/viaServiceWorker'

/**
 * Times `calls` one after another from the page's own `fetch`, the page's clock: the app's direct path to
 * the API worker, or with `viaServiceWorker` the old route (service worker, msw in the page, API worker),
 * which plugins and scripts still take.
 */
export async function timeCallsInPage(
  page: Page,
  calls: readonly TimedCall[],
  viaServiceWorker: boolean,
): Promise<TimedAnswer[]> {
  return page.evaluate(timeCalls, {
    calls,
    baseUrl: '',
    header: viaServiceWorker ? VIA_SERVICE_WORKER : null,
  })
}
