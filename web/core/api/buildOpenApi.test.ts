import { describe, expect, it } from 'vitest'
import { buildOpenApi } from './buildOpenApi'
import { binaryBody, defineRoute } from './Route'
import { routes } from './routes'

describe('buildOpenApi', () => {
  const doc = buildOpenApi(routes) as {
    openapi: string
    paths: Record<
      string,
      Record<string, { operationId: string; parameters?: Array<{ name: string; in: string }> }>
    >
    components: { schemas: Record<string, unknown> }
  }

  it('describes every route once, with OpenAPI path parameters', () => {
    expect(doc.openapi).toBe('3.1.0')
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods))
    expect(operations.map((o) => o.operationId).sort()).toEqual(routes.map((r) => r.operationId).sort())
    expect(doc.paths['/api/collections/{collection_id}']?.put?.parameters).toEqual([
      expect.objectContaining({ name: 'collection_id', in: 'path' }),
    ])
  })

  it('documents a response’s headers: a plugin file’s sandbox, private caching and attachments', () => {
    const file = doc.paths['/plugins/{plugin_id}/{version}/{path}']?.get as unknown as {
      responses: Record<string, { headers?: Record<string, { description: string }> }>
    }
    const headers = file.responses['200']?.headers ?? {}
    expect(Object.keys(headers).sort()).toEqual(
      [
        'Cache-Control',
        'Content-Disposition',
        'Content-Security-Policy',
        'Vary',
        'X-Content-Type-Options',
      ].sort(),
    )
    expect(headers['Content-Security-Policy']?.description).toContain("sandbox; default-src 'none'")
    expect(headers['Cache-Control']?.description).toContain('private')
  })

  it('references shared schemas from components, and every reference resolves', () => {
    const text = JSON.stringify(doc)
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1])
    expect(refs).toContain('Collection')
    for (const ref of refs) expect(doc.components.schemas).toHaveProperty(ref!)
    expect(text).not.toContain('$defs')
  })

  it('describes binary bodies and answers by media type', () => {
    const route = defineRoute({
      method: 'put',
      path: '/api/blob/:key',
      operationId: 'putBlob',
      summary: 'bytes in, bytes out',
      tags: [],
      bodyType: 'binary',
      body: binaryBody,
      responses: { 200: { description: 'the bytes', contentType: 'application/octet-stream' } },
      async handler() {
        return { status: 200 }
      },
    })
    const operation = (buildOpenApi([route]) as { paths: Record<string, Record<string, unknown>> }).paths[
      '/api/blob/{key}'
    ]?.put as { requestBody: unknown; responses: unknown }
    expect(operation.requestBody).toEqual({
      required: true,
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    })
    expect(operation.responses).toEqual({
      200: { description: 'the bytes', content: { 'application/octet-stream': {} } },
    })
  })
})
