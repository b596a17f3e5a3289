import { get as httpGet } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { savePluginRecords } from '../../web/core/api/platform/plugins/savePluginRecords'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'

/** Plugin files on the Koa host: the signed-in user's own installed files, immutable, nothing else. */
describe('GET /plugins/{plugin_id}/{version}/{path} on the server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let user: TestUser
  let pluginId: string
  beforeAll(async () => {
    server = await startTestServer({ accounts: true })
    user = await signUpForTest(server.url, 'plugins')
    const ports = (await server.spaces.get(user.id)).runtime.ports
    const put = (text: string) => ports.files.put(new TextEncoder().encode(text))
    const { plugin } = await savePluginRecords(
      ports,
      {
        plugin: {
          plugin_slug: 'Notes',
          version: '1.0.0',
          scope: 'Notes',
          bundle_location: 'dist/remoteEntry.js',
        },
        modules: [{ name: 'Board' }],
      },
      {
        files: {
          'dist/remoteEntry.js': await put('var Notes = {}'),
          'dist/img/logo.svg': await put('<svg/>'),
          'x.html': await put('<script>parent.stolen = document.cookie</script>'),
          'x.svg': await put('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        },
      },
    )
    pluginId = plugin.id
  })
  afterAll(() => server.stop())

  const get = (path: string, auth = user.auth) => fetch(server.url + path, { headers: auth })
  const rawGet = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpGet(new URL(server.url), { path, headers: user.auth }, (response) => {
        let body = ''
        response.on('data', (chunk: Buffer) => (body += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      request.on('error', reject)
    })

  it('serves an installed file with its type, sandboxed, cached privately (never by a shared cache)', async () => {
    const response = await get(`/plugins/${pluginId}/1.0.0/dist/remoteEntry.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable')
    expect(response.headers.get('vary')).toMatch(/Authorization/)
    expect(response.headers.get('vary')).toMatch(/Cookie/)
    expect(response.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toBeNull()
    expect(await response.text()).toBe('var Notes = {}')
    const svg = await get(`/plugins/Notes/1.0.0/dist/img/logo.svg`)
    expect([svg.status, svg.headers.get('content-type')]).toEqual([200, 'image/svg+xml'])
  })

  it('never serves a plugin file as a page of the app: HTML and SVG are sandboxed attachments', async () => {
    for (const path of ['x.html', 'x.svg', 'dist/img/logo.svg']) {
      const response = await get(`/plugins/Notes/1.0.0/${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('content-disposition'), path).toMatch(/^attachment; filename="x\.|logo/)
      expect(response.headers.get('content-security-policy'), path).toBe("sandbox; default-src 'none'")
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('cache-control'), path).toMatch(/^private/)
    }
  })

  it('answers 404 (JSON, never the app) for another version, a folder or an unknown file; `..` is refused', async () => {
    for (const path of [
      `/plugins/${pluginId}/0.9.0/dist/remoteEntry.js`,
      `/plugins/${pluginId}/1.0.0/dist`,
      `/plugins/${pluginId}/1.0.0/dist/`,
      `/plugins/${pluginId}/1.0.0`,
      `/plugins/${pluginId}/1.0.0/nope.js`,
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type'), path).toContain('application/json')
    }
    // fetch normalises `..` away (WHATWG URLs): send the raw path as a careless client would.
    for (const raw of ['dist/../dist/remoteEntry.js', 'dist/%2e%2e/dist/remoteEntry.js']) {
      const answer = await rawGet(`/plugins/${pluginId}/1.0.0/${raw}`)
      expect(answer.status, raw).toBe(400)
      expect(answer.body, raw).toContain('..')
    }
  })

  it('needs a signed-in user', async () => {
    const response = await get(`/plugins/${pluginId}/1.0.0/dist/remoteEntry.js`, {})
    expect(response.status).toBe(401)
  })
})
