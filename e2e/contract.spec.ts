import { contractSuite } from '../web/core/testing/contract/contractSuite'
import { describeInBrowserHost } from './support/describeInBrowserHost'

// The same REST contract the Koa server passes (sync-server/test/contract.test.ts), here answered by
// the browser host. The page is served by a static file server with no API, so every answer comes
// from the service worker and the API worker.
describeInBrowserHost('REST contract in the browser (service worker + msw + API worker)', contractSuite)
