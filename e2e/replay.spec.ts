import { replaySuite } from '../web/core/testing/replay/replaySuite'
import { describeInBrowserHost } from './support/describeInBrowserHost'

// BrainDrive's clients against the browser host: a new local profile (what it starts with included),
// every answer from the service worker and the API worker (the page's server has no API).
describeInBrowserHost(
  'BrainDrive client replay in the browser (service worker + msw + API worker)',
  replaySuite.filter((c) => !c.hosts || c.hosts.includes('browser')),
  (testCase) => `${testCase.name} [${testCase.sources.join('; ')}]`,
)
