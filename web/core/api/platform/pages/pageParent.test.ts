import { describe, expect, it } from 'vitest'
import { normaliseParent } from './pageParent'

describe('normaliseParent', () => {
  it('reads BrainDrive’s top-level form (parent type "page", no parent route) as no parent', () => {
    expect(normaliseParent(null, 'page')).toEqual({ parent_route: null, parent_type: null })
  })
  it('reads a core section as the navigation route of that name, ignoring a route sent with it', () => {
    expect(normaliseParent(null, 'dashboard')).toEqual({
      parent_route: '/dashboard',
      parent_type: 'navigation',
    })
    expect(normaliseParent('/x', 'plugin-studio')).toEqual({
      parent_route: '/plugin-studio',
      parent_type: 'navigation',
    })
  })
  it('keeps Quire’s own forms as given', () => {
    expect(normaliseParent('/docs', 'page')).toEqual({ parent_route: '/docs', parent_type: 'page' })
    expect(normaliseParent('/nav', 'navigation')).toEqual({ parent_route: '/nav', parent_type: 'navigation' })
    expect(normaliseParent(null, null)).toEqual({ parent_route: null, parent_type: null })
    expect(normaliseParent('/docs', null)).toEqual({ parent_route: '/docs', parent_type: null })
  })
})
