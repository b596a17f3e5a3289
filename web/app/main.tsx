/**
 * The page's entry: creates the API worker, then loads the app. The worker's first module begins
 * reading the search index's snapshot (`earlySnapshotRead`); created here, before the app's code (about
 * 1 MB) is fetched, compiled and evaluated, it starts that read 0.3-0.4 s sooner than the app could
 * (bench/README.md, browser-large, session 45). `startBrowserApi` takes the same worker.
 */
import { pageApiWorker } from '../browser/api/pageApiWorker'

// Only where the app can run (it says so otherwise, `UnsupportedBrowser`).
if ('serviceWorker' in navigator && typeof Worker !== 'undefined') pageApiWorker()
void import('./app')
