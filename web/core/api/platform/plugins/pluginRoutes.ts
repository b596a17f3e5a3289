import type { Route } from '../../Route'
import { pluginFileRoute } from './pluginFileRoute'
import { pluginIdReadRoutes, pluginLiteralRoutes } from './pluginReadRoutes'
import { pluginIdWriteRoutes, pluginSlugWriteRoutes } from './pluginWriteRoutes'

/**
 * Plugin records: manifests, the manager's list, info, register/unregister, enable/disable, modules,
 * status, and the file route. Literal paths first: both routers answer with the first route that
 * matches, so `/plugins/manifest` must never be read as a plugin id. (Install, update and the catalog
 * are `pluginInstallRoutes`/`pluginUpdateRoutes`, listed beside these in the route table.)
 */
export const pluginRoutes: Route[] = [
  ...pluginLiteralRoutes,
  ...pluginIdReadRoutes,
  ...pluginSlugWriteRoutes,
  ...pluginIdWriteRoutes,
  pluginFileRoute,
]
