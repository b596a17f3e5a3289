import type { SeedRecord } from '../seed/SeedRecord'
import { componentKind } from '../../../records/kinds/componentKind'

function seed(id: string, name: string, componentId: string, description: string, icon: string): SeedRecord {
  return {
    kind: componentKind,
    id,
    data: { name, component_id: componentId, description, icon, is_system: true },
  }
}

/**
 * The components BrainDrive gives a new user (its `components_initializer`): the screens its system
 * navigation routes show (`default_component_id`, navigationSeeds.ts), all system components (not
 * deleted). Quire has none of these screens but `settings` (its `/settings`); they are kept because
 * BrainDrive's web app looks a route's component up in this list.
 */
export const componentSeeds: readonly SeedRecord[] = [
  seed(
    'e364fa09-27d5-4532-87db-e3d0e51f04df',
    'Dashboard',
    'dashboard',
    'Main dashboard component',
    'Dashboard',
  ),
  seed(
    'fe739097-2356-4970-be4c-6e5d0af7e9d8',
    'Plugin Studio',
    'plugin-studio',
    'Plugin development environment',
    'Extension',
  ),
  seed('7c2116b0-9d7a-4743-a8a9-b4b12a725bbb', 'Settings', 'settings', 'System settings', 'Settings'),
  seed(
    'ca0b6068-bdbe-4fb8-beb7-848ac46de406',
    'Plugin Manager',
    'plugin-manager',
    'Manage plugins and modules',
    'Extension',
  ),
]
