import { describe, expect, it } from 'vitest'
import { isApiPath } from './isApiPath'

describe('isApiPath', () => {
  it('takes the REST surface and plugin files, leaves the app’s own pages', () => {
    for (const path of ['/api', '/api/v1/plugins', '/health', '/openapi.json', '/plugins/a/1.0.0/x.js'])
      expect(isApiPath(path), path).toBe(true)
    for (const path of ['/', '/plugin-manager', '/plugins', '/pluginsX/a', '/apix', '/settings'])
      expect(isApiPath(path), path).toBe(false)
  })
})
