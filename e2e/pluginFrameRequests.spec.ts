import { expect, test } from './support/test'
import { openApp } from './support/openApp'
import { openOverviewAndNotesBoard } from './support/openOverviewAndNotesBoard'
import { samplePluginZips } from './support/samplePluginZips'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Issue 42 item 2: inside a module's frame, requests to a service Quire provides (BrainDrive's document
// chat service at http://127.0.0.1:8000, its health URLs) reach Quire's routes over the frame's channel,
// with the plugin's permissions; every other origin stays blocked by the frame's CSP.
let zips: { QuireCollections: Buffer; QuireNotes: Buffer }

test.beforeAll(async () => {
  test.setTimeout(scaledTimeout(180_000))
  zips = await samplePluginZips('QuireCollections', 'QuireNotes')
})

// The frame tries an origin nobody configured: its own policy and the app's, which a srcdoc frame
// inherits (connect-src 'self'), both refuse it. That refusal, and only it, is expected below.
test.use({ expectCspViolations: true })

test('a frame’s fetch and XMLHttpRequest to a provided service reach Quire, with the plugin’s permissions only', async ({
  page,
  cspViolations,
}) => {
  test.setTimeout(scaledTimeout(90_000))
  await openApp(page)
  const made = await page.evaluate(async () => {
    const response = await fetch('/api/collections/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Filings', description: 'ten-K' }),
    })
    return response.status
  })
  expect(made).toBe(201)
  const board = await openOverviewAndNotesBoard(page, zips, 'Services', 'services')

  // QuireCollections has api.access: the document chat service's paths are Quire's collections.
  const allowed = await board
    .module('overview')
    .locator('body')
    .evaluate(async () => {
      const health = await fetch('http://localhost:8000/health')
      const list = await fetch('http://127.0.0.1:8000/collections/')
      const names = ((await list.json()) as Array<{ name: string }>).map((c) => c.name)
      const viaXhr = await new Promise<{ status: number; names: string[] }>((resolve, reject) => {
        const xhr = new XMLHttpRequest()
        xhr.open('GET', 'http://localhost:18000/collections/')
        xhr.responseType = 'json'
        xhr.onload = () =>
          resolve({ status: xhr.status, names: (xhr.response as Array<{ name: string }>).map((c) => c.name) })
        xhr.onerror = () => reject(new Error('xhr failed'))
        xhr.send()
      })
      let outside = 'answered'
      try {
        await fetch('https://example.com/')
      } catch {
        outside = 'blocked'
      }
      return {
        health: { status: health.status, body: (await health.json()) as { status: string } },
        names,
        viaXhr,
        outside,
      }
    })
  expect(allowed).toEqual({
    health: { status: 200, body: expect.objectContaining({ status: 'healthy' }) as unknown },
    names: ['Filings'],
    viaXhr: { status: 200, names: ['Filings'] },
    outside: 'blocked',
  })

  // QuireNotes has no api.access: the service's health, and nothing else.
  const refused = await board
    .module('notes')
    .locator('body')
    .evaluate(async () => {
      const health = await fetch('http://127.0.0.1:8080/health')
      const list = await fetch('http://127.0.0.1:8000/collections/')
      const tokens = await fetch('http://127.0.0.1:8000/api/v1/auth/tokens', { method: 'POST', body: '{}' })
      return {
        health: health.status,
        list: list.status,
        detail: ((await list.json()) as { detail: string }).detail,
        tokens: tokens.status,
      }
    })
  expect(refused).toMatchObject({ health: 200, list: 403, tokens: 403 })
  expect(refused.detail).toContain('api.access')
  // The app's policy was broken by nothing but the frame's try of that other origin.
  expect(cspViolations.filter((violation) => !violation.includes('https://example.com/'))).toEqual([])
})
