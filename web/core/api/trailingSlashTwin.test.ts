import { describe, expect, it } from 'vitest'
import { browserRoutes } from './browserRoutes'
import { routePaths, trailingSlashTwin } from './trailingSlashTwin'

describe('trailingSlashTwin', () => {
  it('adds or takes away the trailing slash', () => {
    expect(trailingSlashTwin('/api/collections/')).toBe('/api/collections')
    expect(trailingSlashTwin('/api/collections/:collection_id')).toBe('/api/collections/:collection_id/')
  })

  it('gives a path ending in a wildcard, and the root, no twin', () => {
    expect(trailingSlashTwin('/plugins/:plugin_id/:version/*path')).toBeUndefined()
    expect(trailingSlashTwin('/')).toBeUndefined()
    expect(routePaths('/plugins/:plugin_id/:version/*path')).toEqual(['/plugins/:plugin_id/:version/*path'])
  })

  it('never names another route of the browser table (the twin would answer for it)', () => {
    const written = new Set(browserRoutes.map((route) => `${route.method} ${route.path}`))
    const clashes = browserRoutes.filter((route) => {
      const twin = trailingSlashTwin(route.path)
      return twin !== undefined && written.has(`${route.method} ${twin}`)
    })
    expect(clashes.map((route) => `${route.method} ${route.path}`)).toEqual([])
  })
})
