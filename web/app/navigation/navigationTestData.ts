import { NAVIGATION_ROUTE_DEFAULTS } from '../../core/api/platform/navigation/navigationTree'
import type { NavigationTreeNode, PublishedPage } from './navigationApi'

/** Routes and pages as the API answers them, for the navigation's unit tests. */
let next = 0
export function node(
  name: string,
  route: string,
  fields: Partial<NavigationTreeNode> = {},
): NavigationTreeNode {
  next += 1
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name,
    route,
    ...NAVIGATION_ROUTE_DEFAULTS,
    order: 0,
    display_order: 0,
    parent_id: null,
    can_change_default: true,
    creator_id: 'current',
    created_at: '',
    updated_at: '',
    depth_level: 0,
    children: [],
    ...fields,
  }
}

export function page(name: string, route: string, fields: Partial<PublishedPage> = {}): PublishedPage {
  return {
    id: `10000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    name,
    route,
    route_segment: route,
    parent_route: null,
    parent_type: null,
    is_parent_page: false,
    description: null,
    icon: null,
    navigation_route_id: null,
    content: {},
    creator_id: 'current',
    is_published: true,
    publish_date: null,
    backup_date: null,
    created_at: '',
    updated_at: '',
    ...fields,
  }
}

export const system = { is_system_route: true, is_collapsible: false }

export function seeded() {
  const settings = node('Settings', 'settings', system)
  const personas = node('Personas', 'personas', system)
  const manager = node('Plugin Manager', 'plugin-manager', system)
  const studio = node('Page Builder', 'plugin-studio', system)
  const dashboard = node('Your BrainDrive', 'dashboard', {
    is_system_route: true,
    children: [settings, personas, manager, studio],
  })
  return { dashboard, settings, personas, manager, studio }
}
