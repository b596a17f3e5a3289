import { describe, expect, it } from 'vitest'
import { apiResultResponse } from './apiResultResponse'

describe('apiResultResponse', () => {
  it("gives a JSON body with its length in bytes, not characters, and the route's own headers", async () => {
    const response = apiResultResponse({
      status: 201,
      body: { name: 'Café – 東京' },
      headers: { 'X-Extra': '1' },
    })
    const text = JSON.stringify({ name: 'Café – 東京' })
    expect(response.status).toBe(201)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(Number(response.headers.get('Content-Length'))).toBe(new TextEncoder().encode(text).byteLength)
    expect(Number(response.headers.get('Content-Length'))).toBeGreaterThan(text.length)
    expect(response.headers.get('X-Quire-Host')).toBe('browser')
    expect(response.headers.get('X-Extra')).toBe('1')
    expect(await response.json()).toEqual({ name: 'Café – 東京' })
  })

  it('keeps a type the route set, and has no body for none', async () => {
    const typed = apiResultResponse({ status: 200, body: 'x', headers: { 'Content-Type': 'text/plain' } })
    expect(typed.headers.get('Content-Type')).toBe('text/plain')
    const empty = apiResultResponse({ status: 204 })
    expect(empty.body).toBeNull()
  })
})
