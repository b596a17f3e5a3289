import { describe, expect, it } from 'vitest'
import { keepOnly, namesPlugin, planApiRequest, type PluginIdentity } from './planApiRequest'

const ORIGIN = 'http://localhost:4173'
const notes: PluginIdentity = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  slug: 'QuireNotes',
  permissions: ['storage.read', 'storage.write', 'api.access'],
}
const viewer: PluginIdentity = { id: 'a1', slug: 'Viewer', permissions: ['storage.read'] }

const plan = (plugin: PluginIdentity, method: string, path: unknown, body?: unknown) =>
  planApiRequest(plugin, method, path, body, ORIGIN)

describe('planApiRequest', () => {
  it('runs Quire routes with api.access, relative or on Quire’s origin', () => {
    expect(plan(notes, 'get', '/api/collections/?limit=5')).toEqual({
      kind: 'quire',
      method: 'GET',
      path: '/api/collections/?limit=5',
      body: undefined,
    })
    expect(plan(notes, 'post', `${ORIGIN}/api/collections/`, { name: 'x' })).toMatchObject({
      kind: 'quire',
      method: 'POST',
      path: '/api/collections/',
    })
  })

  it('refuses Quire routes without api.access', () => {
    const refused = plan(viewer, 'get', '/api/collections/')
    expect(refused).toMatchObject({ kind: 'refuse', status: 403 })
    expect(refused.kind === 'refuse' && refused.message).toContain('api.access')
  })

  it('refuses what is not the API, and methods the service does not have', () => {
    expect(plan(notes, 'get', '/index.html')).toMatchObject({ kind: 'refuse', status: 400 })
    expect(plan(notes, 'get', '/api/../index.html')).toMatchObject({ kind: 'refuse', status: 400 })
    expect(plan(notes, 'head', '/api/collections/')).toMatchObject({ kind: 'refuse', status: 400 })
    expect(plan(notes, 'get', 42)).toMatchObject({ kind: 'refuse', status: 400 })
    expect(plan(notes, 'get', 'javascript:alert(1)')).toMatchObject({ kind: 'refuse', status: 400 })
  })

  it('refuses token, sync and plugin-changing routes whatever the permissions', () => {
    const all = { ...notes, permissions: [...notes.permissions, 'network.request'] }
    expect(plan(all, 'post', '/api/v1/auth/refresh')).toMatchObject({ kind: 'refuse', status: 403 })
    expect(plan(all, 'get', '/API/V1/AUTH/tokens')).toMatchObject({ kind: 'refuse' })
    expect(plan(all, 'get', '/api/v1/sync/pull')).toMatchObject({ kind: 'refuse' })
    expect(plan(all, 'patch', `/api/v1/plugins/${notes.id}`, { trusted: true })).toMatchObject({
      kind: 'refuse',
    })
    expect(plan(all, 'get', '/api/v1/plugins/manifest')).toMatchObject({ kind: 'quire' })
  })

  it('reaches BrainDrive Core’s base and a provided service the person moved as Quire', () => {
    expect(
      plan(notes, 'post', 'http://localhost:8005/api/v1/plugins/QuireNotes/services/restart', {}),
    ).toMatchObject({ kind: 'quire', path: '/api/v1/plugins/QuireNotes/services/restart' })
    expect(plan(notes, 'get', 'http://localhost:8005/api/v1/settings/instances?scope=user')).toMatchObject({
      kind: 'quire',
      path: '/api/v1/settings/instances?scope=user',
    })
    // Still Quire's rules: BrainDrive Core's token routes stay closed.
    expect(plan(notes, 'post', 'http://localhost:8005/api/v1/auth/login', {})).toMatchObject({
      kind: 'refuse',
      status: 403,
    })
    const moved = { ...notes, moved: [{ service: 'document_chat', port: 9100 }] }
    expect(plan(moved, 'get', 'http://localhost:9100/collections/')).toMatchObject({
      kind: 'quire',
      path: '/api/collections/',
    })
    expect(plan(notes, 'get', 'http://localhost:9100/collections/')).toMatchObject({ kind: 'refuse' })
  })

  it('lets a plugin restart its own services (Chat-With-Docs’ Save & Restart), no other plugin’s', () => {
    const body = { definition_id: 'd', user_id: 'current' }
    for (const key of ['QuireNotes', notes.id, notes.id.replace(/-/g, '')]) {
      expect(plan(notes, 'post', `/api/v1/plugins/${key}/services/restart`, body)).toEqual({
        kind: 'quire',
        method: 'POST',
        path: `/api/v1/plugins/${key}/services/restart`,
        body,
      })
    }
    const other = plan(notes, 'post', '/api/v1/plugins/OtherPlugin/services/restart', body)
    expect(other).toMatchObject({ kind: 'refuse', status: 403 })
    expect(other.kind === 'refuse' && other.message).toContain('only its own')
    // Only POST to that exact path: its neighbours stay closed.
    expect(plan(notes, 'post', '/api/v1/plugins/QuireNotes/services/start', body)).toMatchObject({
      kind: 'refuse',
    })
    expect(plan(notes, 'delete', '/api/v1/plugins/QuireNotes/services/restart')).toMatchObject({
      kind: 'refuse',
    })
    expect(plan(notes, 'post', '/api/v1/plugins/%E0%A4%A/services/restart', body)).toMatchObject({
      kind: 'refuse',
    })
    const noApi = { ...notes, permissions: ['storage.read'] }
    expect(plan(noApi, 'post', '/api/v1/plugins/QuireNotes/services/restart', body)).toMatchObject({
      kind: 'refuse',
      status: 403,
    })
  })

  it('sends other origins out only with network.request', () => {
    expect(plan(notes, 'get', 'https://example.com/x')).toMatchObject({ kind: 'refuse', status: 403 })
    const net = { ...viewer, permissions: ['network.request'] }
    expect(plan(net, 'get', 'https://example.com/x')).toEqual({
      kind: 'network',
      method: 'GET',
      url: 'https://example.com/x',
      body: undefined,
    })
    expect(plan(net, 'get', 'https://user:pw@example.com/')).toMatchObject({ kind: 'refuse' })
  })

  describe('plugin state', () => {
    it('needs storage.read to read and storage.write to write', () => {
      expect(plan(notes, 'get', '/api/v1/plugin-state/?plugin_id=QuireNotes')).toMatchObject({
        kind: 'quire',
      })
      expect(plan(viewer, 'get', '/api/v1/plugin-state/?plugin_id=Viewer')).toMatchObject({ kind: 'quire' })
      const write = plan(viewer, 'post', '/api/v1/plugin-state/', { plugin_id: 'Viewer', state_data: {} })
      expect(write).toMatchObject({ kind: 'refuse', status: 403 })
      expect(write.kind === 'refuse' && write.message).toContain('storage.write')
    })

    it('does not need api.access', () => {
      const stateOnly = { ...notes, permissions: ['storage.read', 'storage.write'] }
      expect(
        plan(stateOnly, 'post', '/api/v1/plugin-state/', { plugin_id: 'QuireNotes', state_data: {} }),
      ).toMatchObject({ kind: 'quire' })
    })

    it('keeps to the plugin’s own state by slug or id', () => {
      expect(plan(notes, 'get', `/api/v1/plugin-state/?plugin_id=${notes.id}`)).toMatchObject({
        kind: 'quire',
      })
      for (const refused of [
        plan(notes, 'get', '/api/v1/plugin-state/?plugin_id=QuireCollections'),
        plan(notes, 'get', '/api/v1/plugin-state/?plugin_id=QuireNotes&plugin_id=Other'),
        plan(notes, 'post', '/api/v1/plugin-state/', { plugin_id: 'Other', state_data: {} }),
        plan(notes, 'post', '/api/v1/plugin-state/bulk', {
          states: [{ plugin_id: 'QuireNotes' }, { plugin_id: 'Other' }],
        }),
        plan(notes, 'put', '/api/v1/plugin-state/abc', { plugin_id: 'Other' }),
      ]) {
        expect(refused).toMatchObject({ kind: 'refuse', status: 403 })
        expect(refused.kind === 'refuse' && refused.message).toContain('another plugin')
      }
    })

    it('refuses the unfiltered list and the routes spanning every plugin', () => {
      expect(plan(notes, 'get', '/api/v1/plugin-state/')).toMatchObject({ kind: 'refuse', status: 400 })
      expect(plan(notes, 'get', '/api/v1/plugin-state/stats')).toMatchObject({ kind: 'refuse' })
      expect(plan(notes, 'post', '/api/v1/plugin-state/cleanup')).toMatchObject({ kind: 'refuse' })
      expect(plan(notes, 'delete', '/api/v1/plugin-state/')).toMatchObject({ kind: 'refuse' })
    })

    // Issue 39: a router that matches any case (msw) or decodes `%73` would answer these as stats.
    it.each([
      ['get', '/api/v1/plugin-state/STATS'],
      ['get', '/api/v1/Plugin-State/Stats'],
      ['get', '/api/v1/plugin-state/%73tats'],
      ['get', '/api/v1//plugin-state//stats'],
      ['delete', '/api/v1/plugin-state/CleanUp'],
      ['delete', '/api/v1/plugin-state/%63leanup'],
    ])('refuses %s %s, another spelling of a route spanning every plugin', (method, path) => {
      expect(plan(notes, method, path)).toMatchObject({ kind: 'refuse', status: 403 })
    })

    it('checks a bulk save spelt in another case as a bulk save', () => {
      const other = { states: [{ plugin_id: 'Other', state_key: 'k', state_data: {} }] }
      expect(plan(notes, 'post', '/api/v1/plugin-state/BULK', other)).toMatchObject({
        kind: 'refuse',
        status: 403,
      })
      expect(plan(notes, 'post', '/api/v1/plugin-state/%62ulk', other)).toMatchObject({ kind: 'refuse' })
    })

    it('sends the one spelling it decided on', () => {
      expect(plan(notes, 'get', '/api//v1/plugin-%73tate/s-1')).toMatchObject({
        kind: 'quire',
        path: '/api/v1/plugin-state/s-1',
        ownStateId: 's-1',
      })
    })

    it('refuses forbidden routes in any spelling', () => {
      expect(plan(notes, 'post', '/api/v1/AUTH/tokens')).toMatchObject({ kind: 'refuse', status: 403 })
      expect(plan(notes, 'post', '/api/v1/%61uth/tokens')).toMatchObject({ kind: 'refuse', status: 403 })
      expect(plan(notes, 'get', '/API/v1/sync/pull')).toMatchObject({ kind: 'refuse', status: 400 })
    })

    it('asks the host to check the owner of a state named by id', () => {
      expect(plan(notes, 'delete', '/api/v1/plugin-state/s-1')).toMatchObject({
        kind: 'quire',
        method: 'DELETE',
        ownStateId: 's-1',
      })
      expect(plan(notes, 'get', '/api/v1/plugin-state/s-1/x')).toMatchObject({ kind: 'refuse' })
    })
  })

  it('names a plugin by slug or by id with or without hyphens', () => {
    expect(namesPlugin(notes, 'QuireNotes')).toBe(true)
    expect(namesPlugin(notes, notes.id.toUpperCase().replace(/-/g, ''))).toBe(true)
    expect(namesPlugin(notes, 'quirenotes')).toBe(false)
    expect(namesPlugin(notes, undefined)).toBe(false)
    expect(namesPlugin({ id: '', slug: 'x' }, '')).toBe(false)
  })
})

describe('what a plugin may read about the person (issue 42)', () => {
  it('answers GET /api/v1/auth/me with the id, username and display name only', () => {
    const me = plan(notes, 'get', '/api/v1/auth/me')
    expect(me).toEqual({
      kind: 'quire',
      method: 'GET',
      path: '/api/v1/auth/me',
      body: undefined,
      only: ['id', 'username', 'full_name'],
    })
    const user = {
      id: 'u1',
      username: 'ada',
      full_name: 'Ada L.',
      email: 'ada@example.com',
      is_active: true,
      access_token: 'secret',
    }
    expect(keepOnly(user, me.kind === 'quire' ? me.only : undefined)).toEqual({
      id: 'u1',
      username: 'ada',
      full_name: 'Ada L.',
    })
    expect(keepOnly('not an object', ['id'])).toEqual({})
    expect(plan(notes, 'get', `${ORIGIN}/api/v1/auth/me/`)).toMatchObject({
      only: ['id', 'username', 'full_name'],
    })
  })

  it('needs api.access for it, and writes nothing through it', () => {
    expect(plan(viewer, 'get', '/api/v1/auth/me')).toMatchObject({ kind: 'refuse', status: 403 })
    for (const method of ['post', 'put', 'patch', 'delete']) {
      expect(plan(notes, method, '/api/v1/auth/me', {})).toMatchObject({ kind: 'refuse', status: 403 })
    }
  })

  it.each([
    ['get', '/api/v1/auth/tokens'],
    ['post', '/api/v1/auth/tokens'],
    ['post', '/api/v1/auth/refresh'],
    ['put', '/api/v1/auth/profile/username'],
    ['put', '/api/v1/auth/profile/password'],
    ['get', '/api/v1/auth/me/../tokens'],
    ['get', '/api/v1/account'],
    ['post', '/api/v1/account/sign-in'],
    ['post', '/api/V1/Account/sign-out'],
  ])('keeps %s %s closed with a 403 that says so', (method, path) => {
    const refused = plan(notes, method, path, {})
    expect(refused).toMatchObject({ kind: 'refuse', status: 403 })
    expect(refused.kind === 'refuse' && refused.message).toContain(
      'account and token routes are not open to plugins',
    )
  })
})

describe('services Quire provides (issue 42)', () => {
  const net = { ...notes, permissions: [...notes.permissions, 'network.request'] }

  it('sends a provided service’s URL to the Quire route it maps to, with the same permissions', () => {
    expect(plan(notes, 'get', 'http://127.0.0.1:8000/collections/')).toEqual({
      kind: 'quire',
      method: 'GET',
      path: '/api/collections/',
      body: undefined,
    })
    expect(plan(notes, 'post', 'http://localhost:18000/collections/', { name: 'x' })).toMatchObject({
      kind: 'quire',
      path: '/api/collections/',
      body: { name: 'x' },
    })
    // Never out to the network, even for a plugin that may make requests outside Quire.
    expect(plan(net, 'get', 'http://localhost:8000/documents/')).toMatchObject({ kind: 'quire' })
  })

  it('answers the health URL to any plugin, with GET only', () => {
    const none = { ...viewer, permissions: [] }
    expect(plan(none, 'get', 'http://localhost:8080/health')).toMatchObject({
      kind: 'quire',
      path: '/api/health',
    })
    expect(plan(none, 'post', 'http://localhost:8000/health')).toMatchObject({ kind: 'refuse', status: 405 })
    expect(plan(notes, 'get', 'http://localhost:8080/documents/')).toMatchObject({
      kind: 'refuse',
      status: 404,
    })
  })

  it('gives a hostile package nothing its permissions do not allow', () => {
    const hostile: PluginIdentity = { id: 'h1', slug: 'Hostile', permissions: ['storage.read'] }
    expect(plan(hostile, 'get', 'http://localhost:8000/collections/')).toMatchObject({
      kind: 'refuse',
      status: 403,
    })
    for (const path of [
      'http://localhost:8000/v1/auth/tokens',
      'http://localhost:8000/api/v1/auth/tokens',
      'http://localhost:8000/x/../../api/v1/sync/pull',
      'http://localhost:8000/v1/account/sign-in',
      'http://localhost:8000/v1/plugin-state/stats',
    ]) {
      expect(plan(net, 'post', path, {})).toMatchObject({ kind: 'refuse', status: 403 })
    }
    expect(plan(net, 'get', 'http://localhost:8000/v1/plugin-state/?plugin_id=Other')).toMatchObject({
      kind: 'refuse',
      status: 403,
    })
  })
})
