import { describe, expect, it } from 'vitest'
import { buildOpenApi } from './buildOpenApi'
import { routes } from './routes'

describe('BrainDrive service aliases', () => {
  const aliases = routes.filter((route) => route.aliasOf)

  it('answer from the very route they alias: same handler and schemas, own operationId', () => {
    expect(aliases.length).toBeGreaterThan(15)
    const ids = new Set(routes.map((route) => route.operationId))
    expect(ids.size).toBe(routes.length)
    for (const alias of aliases) {
      const original = routes.find((route) => route.operationId === alias.aliasOf)
      expect(original, alias.operationId).toBeDefined()
      expect(alias.handler, alias.operationId).toBe(original!.handler)
      expect(alias.body, alias.operationId).toBe(original!.body)
      expect(alias.params, alias.operationId).toBe(original!.params)
      expect(alias.query, alias.operationId).toBe(original!.query)
    }
  })

  it('cover the paths BrainDrive’s Chat-With-Docs plugin calls without /api', () => {
    const mounted = new Set(aliases.map((route) => `${route.method.toUpperCase()} ${route.path}`))
    for (const call of [
      'GET /collections/',
      'POST /collections/',
      'PUT /collections/:collection_id',
      'GET /documents/',
      'POST /documents/',
      'GET /chat/sessions',
      'POST /chat/messages',
      'POST /chat/message',
      'POST /api/chat/messages',
      'GET /chat/messages',
      'POST /search/',
    ])
      expect(mounted.has(call), call).toBe(true)
  })

  it('are marked as BrainDrive-compat aliases in the OpenAPI description', () => {
    const paths = buildOpenApi(routes).paths as Record<string, Record<string, { description?: string }>>
    expect(paths['/collections/']?.get?.description).toMatch(
      /^BrainDrive-compat alias of `GET \/api\/collections\/`/,
    )
    expect(paths['/chat/messages']?.post?.description).toMatch(/alias of `POST \/api\/chat\/message`/)
  })
})
