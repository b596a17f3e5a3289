import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../web/core/store/FileStore'
import {
  tarGzOf,
  testPluginFiles,
  testPluginZip,
} from '../../web/core/api/platform/plugins/installTestPackages'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * A fake GitHub (its API's releases and their assets) and a fake marketplace on 127.0.0.1: what the
 * tests install from. `versions` is what each source currently offers.
 */
function fakeSources(fake: () => FakeUpstream) {
  const versions = { release: '1.0.0', catalog: '1.0.0' }
  const handle: FakeUpstream['handle'] = (request, response) => {
    const url = fake().url
    const send = (type: string, body: string | Uint8Array) =>
      response
        .writeHead(200, { 'content-type': type })
        .end(typeof body === 'string' ? body : Buffer.from(body))
    if (request.path === '/repos/quire/release-plugin/releases/latest') {
      return send(
        'application/json',
        JSON.stringify({
          tag_name: `v${versions.release}`,
          assets: [
            { name: 'notes.txt', browser_download_url: `${url}/nothing` },
            {
              name: `release-${versions.release}.tar.gz`,
              browser_download_url: `${url}/download/${versions.release}.tar.gz`,
            },
          ],
        }),
      )
    }
    const download = /^\/download\/(.+)\.tar\.gz$/.exec(request.path)
    if (download)
      return send(
        'application/gzip',
        tarGzOf(testPluginFiles({ slug: 'ReleasePlugin', version: download[1] })),
      )
    if (request.path === '/catalog.json') {
      return send(
        'application/json',
        JSON.stringify({
          plugins: [
            {
              id: 'market-plugin',
              plugin_slug: 'MarketPlugin',
              name: 'Market plugin',
              description: 'From the fake marketplace',
              version: versions.catalog,
              download_url: `archives/MarketPlugin-${versions.catalog}.zip`,
              category: 'utility',
              tags: ['test'],
              permissions: ['storage.read'],
            },
            { plugin_slug: 'Broken' }, // no version or download URL: left out
          ],
        }),
      )
    }
    const archive = /^\/archives\/MarketPlugin-(.+)\.zip$/.exec(request.path)
    if (archive) return send('application/zip', testPluginZip({ slug: 'MarketPlugin', version: archive[1] }))
    if (request.path === '/direct/plugin.zip')
      return send('application/zip', testPluginZip({ slug: 'DirectPlugin' }))
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}')
  }
  return { versions, handle }
}

describe('plugin install, update and uninstall over HTTP (single user, fake GitHub and marketplace)', () => {
  let fake: FakeUpstream
  let server: Awaited<ReturnType<typeof startTestServer>>
  const sources = fakeSources(() => fake)
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(server.url + path, {
      method,
      ...(body instanceof FormData
        ? { body }
        : body !== undefined
          ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
          : {}),
    })
    return { status: response.status, body: (await response.json()) as Json }
  }
  const form = (fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.append(name, value)
    if (file) data.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name)
    return data
  }
  const installed = async () =>
    ((await call('GET', '/api/v1/plugins/manager?page_size=100')).body.plugins as Json[] | undefined) ??
    ((await call('GET', '/api/v1/plugins/manager?page_size=100')).body.data?.plugins as Json[])

  beforeAll(async () => {
    fake = await startFakeUpstream(sources.handle)
    server = await startTestServer({
      config: { githubApiUrl: fake.url, pluginCatalogUrl: `${fake.url}/catalog.json` },
    })
  })
  afterAll(async () => {
    await server.stop()
    await fake.close()
  })

  it('installs an uploaded .zip (BrainDrive’s local-file form) and answers BrainDrive’s shape', async () => {
    const { status, body } = await call(
      'POST',
      '/api/v1/plugins/install',
      form(
        { method: 'local-file', filename: 'upload.zip' },
        { bytes: testPluginZip({ slug: 'UploadPlugin' }), name: 'upload.zip' },
      ),
    )
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({
      status: 'success',
      data: { plugin_slug: 'UploadPlugin', source: 'local-file', filename: 'upload.zip' },
    })
    expect(body.data.modules_created).toHaveLength(1)
    expect(Array.isArray(body.data.warnings)).toBe(true)
    const bundle = await fetch(`${server.url}${body.data.plugin_directory}dist/remoteEntry.js`)
    expect(await bundle.text()).toBe(testPluginFiles({ slug: 'UploadPlugin' })['dist/remoteEntry.js'])
  })

  it('installs an uploaded .tar.gz, and refuses the same slug again with 409', async () => {
    const tgz = tarGzOf(testPluginFiles({ slug: 'TarUpload' }))
    const first = await call(
      'POST',
      '/api/v1/plugins/install',
      form({ method: 'upload' }, { bytes: tgz, name: 'p.tgz' }),
    )
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const again = await call(
      'POST',
      '/api/v1/plugins/install',
      form({ method: 'upload' }, { bytes: tgz, name: 'p.tgz' }),
    )
    expect(again.status).toBe(409)
    expect(again.body.detail).toMatch(/TarUpload' is already installed/)
  })

  it('installs from a GitHub repository URL: its latest release’s archive asset (method github)', async () => {
    const { status, body } = await call(
      'POST',
      '/api/v1/plugins/install',
      form({ method: 'github', repo_url: 'https://github.com/quire/release-plugin', version: 'latest' }),
    )
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.data).toMatchObject({ plugin_slug: 'ReleasePlugin', source: 'github', version: '1.0.0' })
    expect(body.data.archive_url).toBe(`${fake.url}/download/1.0.0.tar.gz`)
  })

  it('installs from a direct archive URL (install-from-url), and says so when a repository has no release', async () => {
    const direct = await call('POST', '/api/v1/plugins/install-from-url', {
      repo_url: `${fake.url}/direct/plugin.zip`,
    })
    expect(direct.status, JSON.stringify(direct.body)).toBe(200)
    expect(direct.body.data).toMatchObject({ plugin_slug: 'DirectPlugin', source: 'remote' })
    const none = await call('POST', '/api/v1/plugins/install-from-url', {
      repo_url: 'https://github.com/quire/nothing',
    })
    expect(none.status).toBe(400)
    expect(none.body.detail).toMatch(/has no published release/)
  })

  it('lists the marketplace with install status and installs from it (form and direct route)', async () => {
    const before = await call('GET', '/api/v1/plugins/available')
    expect(before.status, JSON.stringify(before.body)).toBe(200)
    expect(Object.keys(before.body.data.available_plugins)).toEqual(['MarketPlugin'])
    expect(before.body.data.available_plugins.MarketPlugin).toMatchObject({
      installed: false,
      installed_version: null,
    })

    const installedNow = await call('POST', '/api/v1/plugins/MarketPlugin/install')
    expect(installedNow.status, JSON.stringify(installedNow.body)).toBe(200)
    const after = await call('GET', '/api/v1/plugins/available')
    expect(after.body.data.available_plugins.MarketPlugin).toMatchObject({
      installed: true,
      installed_version: '1.0.0',
    })
    const taken = await call(
      'POST',
      '/api/v1/plugins/install',
      form({ method: 'marketplace', catalog_id: 'market-plugin' }),
    )
    expect(taken.status).toBe(409)
    const unknown = await call(
      'POST',
      '/api/v1/plugins/install',
      form({ method: 'marketplace', plugin_slug: 'Nope' }),
    )
    expect(unknown.status).toBe(404)
  })

  it('finds updates, backs off, and updates keeping the plugin’s id and choices', async () => {
    const market = (await installed()).find((plugin) => plugin.plugin_slug === 'MarketPlugin')!
    const patched = await call('PATCH', `/api/v1/plugins/${market.id}`, { enabled: false })
    expect(patched.status, JSON.stringify(patched.body)).toBe(200)

    const none = await call('GET', '/api/v1/plugins/MarketPlugin/update/available')
    expect(none.body.data).toMatchObject({ update_available: false, checked: true, latest_version: '1.0.0' })
    sources.versions.catalog = '1.1.0'
    sources.versions.release = '1.2.0'
    const cached = await call('GET', '/api/v1/plugins/MarketPlugin/update/available')
    expect(cached.body.data).toMatchObject({ update_available: false, checked: false })
    expect(cached.body.data.reason).toMatch(/within the last hour/)
    const forced = await call('GET', '/api/v1/plugins/MarketPlugin/update/available?force=true')
    expect(forced.body.data).toMatchObject({ update_available: true, checked: true, latest_version: '1.1.0' })

    const all = await call('GET', '/api/v1/plugins/updates/available?force=true')
    expect(all.status).toBe(200)
    expect(all.body.data.available_updates.map((update: Json) => update.plugin_slug).sort()).toEqual([
      'MarketPlugin',
      'ReleasePlugin',
    ])

    const updated = await call('POST', '/api/v1/plugins/MarketPlugin/update')
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(updated.body.data).toMatchObject({
      plugin_id: market.id,
      previous_version: '1.0.0',
      new_version: '1.1.0',
      updated: true,
    })
    const after = (await installed()).find((plugin) => plugin.plugin_slug === 'MarketPlugin')!
    expect(after).toMatchObject({ id: market.id, version: '1.1.0', enabled: false })
    const again = await call('POST', '/api/v1/plugins/MarketPlugin/update')
    expect(again.body.data).toMatchObject({ updated: false, new_version: '1.1.0' })

    const release = await call('POST', '/api/v1/plugins/ReleasePlugin/update')
    expect(release.body.data).toMatchObject({
      previous_version: '1.0.0',
      new_version: '1.2.0',
      updated: true,
    })
    const uploaded = await call('POST', '/api/v1/plugins/UploadPlugin/update')
    expect(uploaded.status).toBe(400)
    expect(uploaded.body.detail).toMatch(/does not have a source to update from/)
  })

  it('reports an unreachable source as not checked, never as an error', async () => {
    const server2Fake = await startFakeUpstream(sources.handle)
    const port = server2Fake.port
    await server2Fake.close()
    const bytes = testPluginZip({
      slug: 'Offline',
      plugin: { update_check_url: `http://127.0.0.1:${port}/version.json` },
    })
    expect(
      (await call('POST', '/api/v1/plugins/install', form({ method: 'upload' }, { bytes, name: 'o.zip' })))
        .status,
    ).toBe(200)
    const check = await call('GET', '/api/v1/plugins/Offline/update/available?force=true')
    expect(check.status).toBe(200)
    expect(check.body.data).toMatchObject({ update_available: false, checked: false })
    expect(check.body.data.reason).toMatch(/could not be read: Could not reach/)
  })

  it('uninstalls: records gone (404 after), files deleted, the slug free again', async () => {
    const zip = testPluginZip({ slug: 'Leaving' })
    const done = await call(
      'POST',
      '/api/v1/plugins/install',
      form({ method: 'upload' }, { bytes: zip, name: 'l.zip' }),
    )
    const base = done.body.data.plugin_directory as string
    const gone = await call('DELETE', '/api/v1/plugins/Leaving/uninstall')
    expect(gone.status).toBe(200)
    expect(gone.body).toMatchObject({
      status: 'success',
      data: { plugin_slug: 'Leaving', deleted_modules: 1 },
    })
    expect((await call('DELETE', '/api/v1/plugins/Leaving/uninstall')).status).toBe(404)
    expect((await fetch(`${server.url}${base}dist/remoteEntry.js`)).status).toBe(404)
    const key = await sha256Hex(
      new TextEncoder().encode(testPluginFiles({ slug: 'Leaving' })['dist/remoteEntry.js']),
    )
    expect(
      await server.spaces
        .get('00000000-0000-4000-8000-000000000001')
        .then((space) => space.runtime.ports.files.get(key)),
    ).toBeUndefined()
    expect(
      (
        await call(
          'POST',
          '/api/v1/plugins/install',
          form({ method: 'upload' }, { bytes: zip, name: 'l.zip' }),
        )
      ).status,
    ).toBe(200)
  })

  it('refuses bad form input with 400s naming what is missing', async () => {
    expect((await call('POST', '/api/v1/plugins/install', form({ method: 'ftp' }))).body.detail).toMatch(
      /Unsupported installation method/,
    )
    expect((await call('POST', '/api/v1/plugins/install', form({ method: 'upload' }))).body.detail).toMatch(
      /file is required/,
    )
    expect((await call('POST', '/api/v1/plugins/install', form({ method: 'url' }))).status).toBe(400)
    expect(
      (await call('POST', '/api/v1/plugins/install-from-url', { repo_url: 'ftp://x/y.zip' })).status,
    ).toBe(422)
  })
})

describe('plugin sources on a multi-user server', () => {
  it('refuses private addresses by the outbound policy, installing nothing', async () => {
    const fake = await startFakeUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/zip' }).end(Buffer.from(testPluginZip()))
    })
    const server = await startTestServer({ accounts: true })
    try {
      const user = await signUpForTest(server.url, 'plugins')
      const response = await fetch(`${server.url}/api/v1/plugins/install-from-url`, {
        method: 'POST',
        headers: { ...user.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ repo_url: `${fake.url}/plugin.zip` }),
      })
      expect(response.status).toBe(502)
      expect(((await response.json()) as Json).detail).toMatch(/loopback/)
      expect(fake.requests).toHaveLength(0)
      const manager = await fetch(`${server.url}/api/v1/plugins/manifest`, { headers: user.auth })
      expect(JSON.stringify(await manager.json())).not.toContain('QuireTestPlugin')
    } finally {
      await server.stop()
      await fake.close()
    }
  })

  it('serves the built-in catalog publicly and installs from it when no catalog URL is set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-catalog-'))
    writeFileSync(join(dir, 'Sample-1.0.0.zip'), testPluginZip({ slug: 'Sample' }))
    writeFileSync(
      join(dir, 'catalog.json'),
      JSON.stringify({
        plugins: [
          { id: 'Sample', plugin_slug: 'Sample', version: '1.0.0', download_url: 'Sample-1.0.0.zip' },
        ],
      }),
    )
    const server = await startTestServer({ accounts: true, config: { pluginCatalogDir: dir } })
    try {
      const catalog = await fetch(`${server.url}/plugin-catalog/catalog.json`)
      expect(catalog.status).toBe(200)
      expect(catalog.headers.get('access-control-allow-origin')).toBe('*')
      expect((await fetch(`${server.url}/plugin-catalog/Sample-1.0.0.zip`)).status).toBe(200)
      expect((await fetch(`${server.url}/plugin-catalog/..%2Fsecret`)).status).toBe(404)
      expect((await fetch(`${server.url}/plugin-catalog/missing.zip`)).status).toBe(404)
      const user = await signUpForTest(server.url, 'catalog')
      const installed = await fetch(`${server.url}/api/v1/plugins/Sample/install`, {
        method: 'POST',
        headers: user.auth,
      })
      expect(installed.status, await installed.clone().text()).toBe(200)
      expect(((await installed.json()) as Json).data).toMatchObject({
        plugin_slug: 'Sample',
        source: 'marketplace',
      })
    } finally {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('answers an empty marketplace, with how to set one, when no catalog is configured or built', async () => {
    const server = await startTestServer({
      config: { pluginCatalogDir: join(tmpdir(), 'quire-no-catalog-here') },
    })
    try {
      const response = await fetch(`${server.url}/api/v1/plugins/available`)
      expect(response.status).toBe(200)
      const { data } = (await response.json()) as { data: Record<string, unknown> }
      expect(data).toMatchObject({ available_plugins: {}, total_count: 0, catalog_url: null })
      expect(String(data.message)).toMatch(/PLUGIN_CATALOG_URL/u)
      expect((await fetch(`${server.url}/plugin-catalog/catalog.json`)).status).toBe(404)
    } finally {
      await server.stop()
    }
  })
})
