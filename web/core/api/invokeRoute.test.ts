import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Store } from '../store/Store'
import { ApiError } from '../kernel/ApiError'
import type { ApiPorts } from './ApiPorts'
import { invokeRoute } from './invokeRoute'
import { binaryBody, defineRoute } from './Route'

// Only what these routes touch is real; the rest would throw if a handler reached for it.
const ports = { store: {} as Store, clock: { now: () => 0 }, newId: () => 'id' } as unknown as ApiPorts

const echo = defineRoute({
  method: 'post',
  path: '/api/echo/:id',
  operationId: 'echo',
  summary: 'echo',
  tags: [],
  params: z.object({ id: z.uuid() }),
  notFoundDetail: 'Echo not found',
  query: z.object({ n: z.coerce.number().int().min(1).max(5).default(1) }),
  body: z.strictObject({ text: z.string().min(1) }),
  responses: {},
  async handler({ params, query, body }) {
    if (body.text === 'boom') throw new Error('internal detail')
    if (body.text === 'teapot') throw new ApiError(418, 'short and stout')
    return { status: 200, body: { id: params.id, text: body.text.repeat(query.n) } }
  },
})

const id = '3f0c9c1e-5b7a-4d2e-9f43-1a2b3c4d5e6f'

describe('invokeRoute', () => {
  it('passes validated, coerced input to the handler', async () => {
    const result = await invokeRoute(echo, { params: { id }, query: { n: '2' }, body: { text: 'ab' } }, ports)
    expect(result).toEqual({ status: 200, body: { id, text: 'abab' } })
  })

  it('answers malformed path parameters with the route 404', async () => {
    const result = await invokeRoute(echo, { params: { id: 'nope' }, query: {}, body: { text: 'a' } }, ports)
    expect(result).toEqual({ status: 404, body: { detail: 'Echo not found' } })
  })

  it('answers bad query and body with 400 naming the field', async () => {
    const badQuery = await invokeRoute(
      echo,
      { params: { id }, query: { n: '9' }, body: { text: 'a' } },
      ports,
    )
    expect(badQuery.status).toBe(400)
    expect((badQuery.body as { detail: string }).detail).toMatch(/^n: /)
    const badBody = await invokeRoute(
      echo,
      { params: { id }, query: {}, body: { text: '', extra: 1 } },
      ports,
    )
    expect((badBody.body as { detail: string }).detail).toMatch(/^text: .*; extra: unknown field$/)
    const missing = await invokeRoute(echo, { params: { id }, query: {}, body: {} }, ports)
    expect(missing.body).toEqual({ detail: 'text: field required' })
    const none = await invokeRoute(echo, { params: { id }, query: {}, body: undefined }, ports)
    expect(none).toEqual({ status: 400, body: { detail: 'Request body is required (a JSON object)' } })
  })

  it('answers errors thrown while reading the body like validation errors', async () => {
    const result = await invokeRoute(
      echo,
      {
        params: { id },
        query: {},
        body: () => {
          throw ApiError.badRequest('Request body is not valid JSON')
        },
      },
      ports,
    )
    expect(result).toEqual({ status: 400, body: { detail: 'Request body is not valid JSON' } })
  })

  it('passes ApiErrors through and hides unexpected errors behind a logged 500', async () => {
    const logged: unknown[] = []
    const teapot = await invokeRoute(echo, { params: { id }, query: {}, body: { text: 'teapot' } }, ports)
    expect(teapot).toEqual({ status: 418, body: { detail: 'short and stout' } })
    const boom = await invokeRoute(echo, { params: { id }, query: {}, body: { text: 'boom' } }, ports, (e) =>
      logged.push(e),
    )
    expect(boom).toEqual({ status: 500, body: { detail: 'Internal server error' } })
    expect(logged).toHaveLength(1)
  })

  it('hands a binary route its bytes and the request headers (lowercase names)', async () => {
    const bytesRoute = defineRoute({
      method: 'put',
      path: '/api/bytes',
      operationId: 'bytes',
      summary: 'bytes',
      tags: [],
      bodyType: 'binary',
      body: binaryBody,
      responses: {},
      async handler({ body, headers }) {
        return { status: 200, body: { length: body.length, range: headers['content-range'] } }
      },
    })
    const bytes = new Uint8Array([1, 2, 3])
    const result = await invokeRoute(
      bytesRoute,
      {
        params: {},
        query: {},
        body: () => bytes,
        headers: { 'Content-Range': 'bytes 0-2/3', skipped: undefined },
      },
      ports,
    )
    expect(result).toEqual({ status: 200, body: { length: 3, range: 'bytes 0-2/3' } })
    const json = await invokeRoute(bytesRoute, { params: {}, query: {}, body: { a: 1 } }, ports)
    expect(json).toEqual({
      status: 400,
      body: { detail: 'Request body must be application/octet-stream bytes' },
    })
  })
})
