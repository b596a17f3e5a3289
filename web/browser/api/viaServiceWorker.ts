/**
 * The header that sends one of the page's own `/api` requests the long way, through the service worker
 * and msw, instead of `directApiFetch`'s: plugins' requests carry it (`runApiPlan`), and
 * `npm run bench -- browser` measures the old path with it. Any value; the API never sees it.
 */
export const VIA_SERVICE_WORKER = 'x-quire-via'
