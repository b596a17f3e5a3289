import type { Route } from '../Route'
import { componentRoutes } from './components/componentRoutes'
import { navigationMoveRoutes } from './navigation/navigationMoveRoutes'
import { navigationRouteRoutes } from './navigation/navigationRouteRoutes'
import { pageActionRoutes } from './pages/pageActionRoutes'
import { pageRoutes } from './pages/pageRoutes'
import { settingDefinitionRoutes } from './settings/settingDefinitionRoutes'
import { settingInstanceRoutes } from './settings/settingInstanceRoutes'

/**
 * What the page designer stores: setting definitions and instances, pages, navigation routes and
 * components. Within each resource, fixed paths come before `/:id` ones (routers match in order).
 */
export const pageDesignerRoutes: Route[] = [
  ...settingDefinitionRoutes,
  ...settingInstanceRoutes,
  ...pageRoutes,
  ...pageActionRoutes,
  ...navigationRouteRoutes,
  ...navigationMoveRoutes,
  ...componentRoutes,
]
