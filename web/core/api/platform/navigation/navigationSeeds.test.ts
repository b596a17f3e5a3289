import { describe, expect, it } from 'vitest'
import { UUID_V4 } from '../../../testing/check'
import { componentSeeds } from '../components/componentSeeds'
import { navigationRouteKind } from '../../../records/kinds/navigationRouteKind'
import { navigationPath } from './navigationRouteSchemas'
import { navigationSeeds } from './navigationSeeds'

describe('the navigation routes a new profile starts with', () => {
  it('are BrainDrive’s system routes, under "Your BrainDrive", in the stored shape', () => {
    const byRoute = new Map(navigationSeeds.map((seed) => [seed.data.route, seed]))
    expect([...byRoute.keys()]).toEqual([
      'dashboard',
      'settings',
      'personas',
      'plugin-manager',
      'plugin-studio',
    ])
    const parent = byRoute.get('dashboard')!
    for (const seed of navigationSeeds) {
      expect(seed.kind).toBe(navigationRouteKind)
      expect(navigationRouteKind.fields.safeParse(seed.data).success, seed.id).toBe(true)
      expect(navigationPath.safeParse(seed.data.route).success, seed.id).toBe(true)
      expect(seed.data).toMatchObject({ is_system_route: true, is_visible: true, default_page_id: null })
      if (seed !== parent) expect(seed.data.parent_id, seed.id).toBe(parent.id)
    }
    expect(parent.data.parent_id).toBeNull()
    expect(navigationSeeds.filter((s) => s !== parent).map((s) => s.data.display_order)).toEqual([1, 2, 3, 4])
  })

  it('show components a new profile has (BrainDrive seeds no `personas` component either)', () => {
    const components = new Set(componentSeeds.map((seed) => seed.data.component_id))
    const missing = navigationSeeds
      .map((seed) => seed.data.default_component_id)
      .filter((id) => !components.has(id))
    expect(missing).toEqual(['personas'])
  })

  it('have fixed, distinct UUID v4 ids, so every host writes the same records', () => {
    const ids = [...navigationSeeds, ...componentSeeds].map((seed) => seed.id)
    for (const id of ids) expect(id).toMatch(UUID_V4)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
