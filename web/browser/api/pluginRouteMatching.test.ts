import { describe, expect, it } from 'vitest'
import { routes } from '../../core/api/routes'
import { ECHO_ORIGIN, echoingRouter } from '../test/echoingRouter'

/**
 * msw (the in-browser router) must pick the same route @koa/router does for the plugin paths: the
 * literal ones before `/plugins/{plugin_id}`, and the file route's multi-segment `*path`. The fake
 * worker answers which route it was asked to run, with the params.
 */
const router = echoingRouter(routes)
const routed = async (method: string, path: string) => (await router.send(method, `${ECHO_ORIGIN}${path}`))!

describe('plugin paths on msw', () => {
  it('literal paths win over plugin ids', async () => {
    for (const [method, path, operationId] of [
      ['GET', '/api/v1/plugins/manifest', 'getPluginManifest'],
      ['GET', '/api/v1/plugins/manifest/designer', 'getPluginDesignerManifest'],
      ['GET', '/api/v1/plugins/manager', 'getPluginManager'],
      ['GET', '/api/v1/plugins/categories', 'listPluginCategories'],
      ['GET', '/api/v1/plugins/tags', 'listPluginTags'],
      ['POST', '/api/v1/plugins/refresh-cache', 'refreshPluginCache'],
      ['GET', '/api/v1/plugins/by-slug/modules', 'getPluginBySlug'],
      ['GET', '/api/v1/plugins/abc/modules', 'listPluginModules'],
      ['PATCH', '/api/v1/plugins/abc', 'setPluginEnabled'],
      ['DELETE', '/api/v1/plugins/abc', 'unregisterPlugin'],
    ] as const) {
      expect((await routed(method, path)).operationId, `${method} ${path}`).toBe(operationId)
    }
  })

  it('a plugin file’s path spans segments; other /plugins/ paths are the API’s 404, not the network', async () => {
    const file = await routed('GET', '/plugins/abc/1.0.0/dist/chunks/a.js')
    expect(file.operationId).toBe('getPluginFile')
    expect(file.params).toEqual({ plugin_id: 'abc', version: '1.0.0', path: 'dist/chunks/a.js' })
    const folder = await routed('GET', '/plugins/abc/1.0.0')
    expect(folder.status).toBe(404)
    expect(folder.detail).toMatch(/^No endpoint GET /)
  })
})
