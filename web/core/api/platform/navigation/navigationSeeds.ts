import type { SeedRecord } from '../seed/SeedRecord'
import { navigationRouteKind } from '../../../records/kinds/navigationRouteKind'

/** The id of "Your BrainDrive", the parent of the other system routes. */
export const YOUR_BRAINDRIVE_ROUTE_ID = '137d2750-dc26-4c17-9f88-ce398ff78e07'

interface SystemRoute {
  id: string
  name: string
  route: string
  icon: string
  description: string
  display_order: number
  parent_id: string | null
  is_collapsible: boolean
}

function seed(route: SystemRoute): SeedRecord {
  const { id, ...fields } = route
  return {
    kind: navigationRouteKind,
    id,
    data: {
      ...fields,
      is_expanded: true,
      is_visible: true,
      is_system_route: true,
      // Each system route shows the component of the same name (componentSeeds.ts); `personas` has
      // none in BrainDrive either: its web app falls back to its personas page.
      default_component_id: fields.route,
      default_page_id: null,
      can_change_default: false,
    },
  }
}

/**
 * The navigation routes BrainDrive gives a new user (its `navigation_initializer`, hierarchical
 * version): "Your BrainDrive" (route `dashboard`) holding Settings, Personas, Plugin Manager and Page
 * Builder, all system routes (not deleted, not renamed). Routes are kept in BrainDrive's form, without
 * a leading slash: its web app looks them up by that path (`settings`) and links to `/${route}`.
 * `settings` is Quire's own settings screen (`/settings`); `dashboard`, `personas`, `plugin-manager`
 * and `plugin-studio` name BrainDrive screens Quire does not have, kept because BrainDrive's clients
 * expect them. Differs from BrainDrive: `order` and `display_order` are one number in Quire, so each
 * route's `order` is its place among its siblings (BrainDrive's seeds give `order` 30, 25, 40, 20).
 */
export const navigationSeeds: readonly SeedRecord[] = [
  seed({
    id: YOUR_BRAINDRIVE_ROUTE_ID,
    name: 'Your BrainDrive',
    route: 'dashboard',
    icon: 'AccountTree',
    description: 'Core BrainDrive functionality and settings',
    display_order: 0,
    parent_id: null,
    is_collapsible: true,
  }),
  seed({
    id: '513e134d-762d-4c31-81b6-bcea87597d65',
    name: 'Settings',
    route: 'settings',
    icon: 'Settings',
    description: 'BrainDrive settings',
    display_order: 1,
    parent_id: YOUR_BRAINDRIVE_ROUTE_ID,
    is_collapsible: false,
  }),
  seed({
    id: '2569c7e0-f6be-42a4-8625-ea80ea4dd6f8',
    name: 'Personas',
    route: 'personas',
    icon: 'Person',
    description: 'Manage AI conversation personas',
    display_order: 2,
    parent_id: YOUR_BRAINDRIVE_ROUTE_ID,
    is_collapsible: false,
  }),
  seed({
    id: 'e8bc265b-67dd-4768-91ce-cbc37180df8b',
    name: 'Plugin Manager',
    route: 'plugin-manager',
    icon: 'Extension',
    description: 'Manage plugins and modules',
    display_order: 3,
    parent_id: YOUR_BRAINDRIVE_ROUTE_ID,
    is_collapsible: false,
  }),
  seed({
    id: 'cc69abc5-839c-47c9-93d2-05071a793e02',
    name: 'Page Builder',
    route: 'plugin-studio',
    icon: 'AccountTree',
    description: 'Page Builder for creating and managing pages',
    display_order: 4,
    parent_id: YOUR_BRAINDRIVE_ROUTE_ID,
    is_collapsible: false,
  }),
]
