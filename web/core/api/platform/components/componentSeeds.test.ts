import { describe, expect, it } from 'vitest'
import { componentKey } from '../../../records/kinds/componentKey'
import { componentKind } from '../../../records/kinds/componentKind'
import { componentSeeds } from './componentSeeds'

describe('the components a new profile starts with', () => {
  it('are BrainDrive’s system components, in the stored shape, addressable by their component_id', () => {
    expect(componentSeeds.map((seed) => seed.data.component_id)).toEqual([
      'dashboard',
      'plugin-studio',
      'settings',
      'plugin-manager',
    ])
    for (const seed of componentSeeds) {
      expect(seed.kind).toBe(componentKind)
      expect(componentKind.fields.safeParse(seed.data).success, seed.id).toBe(true)
      expect(componentKey.safeParse(seed.data.component_id).success, seed.id).toBe(true)
      expect(seed.data.is_system).toBe(true)
    }
  })
})
