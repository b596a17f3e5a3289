import { accountRoutes } from './account/accountRoutes'
import { syncConflictRoutes } from './sync/syncConflictRoutes'
import { syncStatusRoutes } from './sync/syncStatusRoutes'
import { routes } from './routes'

/**
 * Every route the in-browser API answers: the shared table, plus the browser's own account (its
 * sign-in to a sync server) and sync status and conflict routes. The sync server has routes of its
 * own in their place (`serverOnlyRoutes`), which the browser forwards to it.
 */
export const browserRoutes = [...routes, ...accountRoutes, ...syncStatusRoutes, ...syncConflictRoutes]
