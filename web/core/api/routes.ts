import { collectionRoutes } from './collections/collectionRoutes'
import { documentRoutes } from './documents/documentRoutes'
import { extractionRoutes } from './extraction/extractionRoutes'
import { healthRoutes } from './health/healthRoutes'
import type { Route } from './Route'

/** The whole REST surface, mounted unchanged by the browser host and by the sync server. */
export const routes: readonly Route[] = [
  ...healthRoutes,
  ...collectionRoutes,
  ...documentRoutes,
  ...extractionRoutes,
]
