import { testManifest } from '../../api/platform/plugins/installTestPackages'
import { check, checkEqual, checkMatch, UUID_V4 } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { UNKNOWN_ID } from './contractFixtures'
import { uniqueSuffix } from './expectValidationIssue'
import { call, expectInvalid, expectNotFound } from './recordContractFixtures'

const PLUGINS = '/api/v1/plugins'

type Body = Record<string, unknown>
interface ModuleBody extends Body {
  id: string
  name: string
  enabled: boolean
  pluginId: string
}
interface PluginBody extends Body {
  id: string
  plugin_slug: string
  enabled: boolean
  trusted: boolean
  modules: ModuleBody[]
}

/** A plugin.json as a BrainDrive plugin ships it (two modules), under a slug no other case uses. */
function pluginJson(slug: string): { plugin_data: Body; module_data: Body[] } {
  return {
    plugin_data: testManifest({
      slug,
      version: '1.2.3',
      plugin: {
        name: 'Contract Notes',
        description: 'Notes for the contract suite',
        icon: 'Note',
        category: 'productivity',
        permissions: ['storage.read', 'storage.write'],
      },
    }).plugin_data,
    module_data: [
      {
        name: 'NotesBoard',
        display_name: 'Notes board',
        description: 'All notes',
        category: `cat${slug.toLowerCase()}`,
        tags: ['notes', `tag${slug.toLowerCase()}`],
        priority: 1,
        props: { title: 'Notes' },
        config_fields: { title: { type: 'text', description: 'Title', default: 'Notes' } },
        required_services: { api: { methods: ['get'], version: '1.0.0' } },
        layout: { minWidth: 2, minHeight: 2, defaultWidth: 4, defaultHeight: 3 },
      },
      { name: 'NoteCount', display_name: 'Note count', tags: ['notes'], priority: 5 },
    ],
  }
}

const newSlug = () => `Contract${uniqueSuffix()}`

async function register(
  client: ContractClient,
  slug = newSlug(),
): Promise<{ slug: string; plugin: PluginBody }> {
  const answer = await call<{ status: string; plugin_id: string; plugin: PluginBody; warnings: unknown[] }>(
    client,
    'POST',
    `${PLUGINS}/${slug}/register`,
    pluginJson(slug),
    200,
  )
  checkEqual(answer.status, 'success', 'register status')
  checkEqual(answer.plugin_id, answer.plugin.id, 'plugin_id is the plugin’s id')
  check(Array.isArray(answer.warnings), 'warnings are listed')
  return { slug, plugin: answer.plugin }
}

/** The manifest (every registered plugin, keyed by slug), or the designer's (`/designer`: enabled ones). */
const getManifest = (client: ContractClient, which: '' | '/designer' = '') =>
  call<Record<string, PluginBody & { database_id: string }>>(
    client,
    'GET',
    `${PLUGINS}/manifest${which}`,
    undefined,
    200,
  )

const designer = (client: ContractClient) => getManifest(client, '/designer')

/** A PATCH of the plugin's own choices (`enabled`, `trusted`) that must succeed. */
const patchPlugin = (client: ContractClient, id: string, json: Body) =>
  call<{ status: string; message: string; plugin: PluginBody }>(
    client,
    'PATCH',
    `${PLUGINS}/${id}`,
    json,
    200,
  )

export const pluginsContract: HostCase<ContractClient>[] = [
  {
    name: 'Plugins: a registered plugin.json lists in the manifests and the manager; info, by-slug, modules, categories, tags and status',
    async run(client) {
      const { slug, plugin } = await register(client)
      checkMatch(plugin.id, UUID_V4, 'plugin id')
      checkEqual(
        [plugin.plugin_slug, plugin.enabled, plugin.version, plugin.status, plugin.trusted],
        [slug, true, '1.2.3', 'installed', false],
        'stored enabled, installed, not trusted',
      )
      checkEqual(
        [plugin.bundlelocation, plugin.bundleLocation],
        ['dist/remoteEntry.js', 'dist/remoteEntry.js'],
        'BrainDrive’s names',
      )
      checkEqual(plugin.bundle_url, `/plugins/${plugin.id}/1.2.3/dist/remoteEntry.js`, 'bundle_url')
      checkEqual(
        plugin.modules.map((m) => m.name),
        ['NoteCount', 'NotesBoard'],
        'modules, highest priority first',
      )
      const board = plugin.modules.find((m) => m.name === 'NotesBoard')!
      checkMatch(board.id, UUID_V4, 'module id')
      checkEqual(
        [board.pluginId, board.plugin_id, board.displayName],
        [plugin.id, plugin.id, 'Notes board'],
        'module fields',
      )
      checkEqual(
        board.configFields,
        { title: { type: 'text', description: 'Title', default: 'Notes' } },
        'configFields',
      )

      const manifest = await getManifest(client)
      const entry = manifest[slug]
      check(entry, `the manifest is keyed by slug: ${Object.keys(manifest).join(', ')}`)
      checkEqual(
        [entry.id, entry.database_id, entry.modules.length],
        [slug, plugin.id, 2],
        'manifest entry: id is the slug',
      )
      const inDesigner = (await designer(client))[slug]
      check(inDesigner, 'the designer lists the enabled plugin')
      checkEqual(
        inDesigner.modules.map((m) => m.pluginId),
        [slug, slug],
        'designer modules name the plugin by slug',
      )

      for (const path of [
        `${PLUGINS}/${plugin.id}/info`,
        `${PLUGINS}/${plugin.id.replaceAll('-', '')}/info`,
        `${PLUGINS}/${slug}/info`,
      ]) {
        const info = await call<PluginBody>(client, 'GET', path, undefined, 200)
        checkEqual([info.id, info.modules.length], [plugin.id, 2], `info by ${path}`)
      }
      const bySlug = await call<PluginBody>(client, 'GET', `${PLUGINS}/by-slug/${slug}`, undefined, 200)
      checkEqual(bySlug.id, plugin.id, 'by-slug')
      const { modules } = await call<{ modules: ModuleBody[] }>(
        client,
        'GET',
        `${PLUGINS}/${plugin.id}/modules`,
        undefined,
        200,
      )
      checkEqual(
        modules.map((m) => m.id),
        plugin.modules.map((m) => m.id),
        'modules',
      )
      const detail = await call<{ module: ModuleBody; plugin: PluginBody }>(
        client,
        'GET',
        `${PLUGINS}/${plugin.id}/modules/${board.id}`,
        undefined,
        200,
      )
      checkEqual([detail.module.id, detail.plugin.id], [board.id, plugin.id], 'module detail')
      const byName = await call<{ module: ModuleBody }>(
        client,
        'GET',
        `${PLUGINS}/${plugin.id}/modules/NotesBoard`,
        undefined,
        200,
      )
      checkEqual(byName.module.id, board.id, 'a module by name')

      const manager = await call<{
        modules: Body[]
        totalItems: number
        plugins: Body[]
        page: number
        page_size: number
      }>(client, 'GET', `${PLUGINS}/manager?search=${slug}&pageSize=1&page=2`, undefined, 200)
      checkEqual(
        [manager.totalItems, manager.modules.length, manager.page, manager.page_size],
        [2, 1, 2, 1],
        'manager pages by page/pageSize',
      )
      checkEqual(
        manager.plugins.map((p) => p.id),
        [plugin.id],
        'manager lists the plugin',
      )
      checkEqual(
        [manager.plugins[0]!.install_status, manager.plugins[0]!.update_available],
        ['installed', false],
        'install status',
      )
      checkEqual(
        [manager.modules[0]!.plugin_slug, manager.modules[0]!.install_status],
        [slug, 'installed'],
        'modules carry their plugin’s state',
      )
      const byTag = await call<{ modules: Body[]; totalItems: number }>(
        client,
        'GET',
        `${PLUGINS}/manager?tags=${`tag${slug.toLowerCase()}`},nothing&limit=10&offset=0`,
        undefined,
        200,
      )
      checkEqual(
        byTag.modules.map((m) => m.name),
        ['NotesBoard'],
        'manager by tag',
      )
      const byCategory = await call<{ modules: Body[] }>(
        client,
        'GET',
        `${PLUGINS}/manager?category=CAT${slug.toLowerCase()}`,
        undefined,
        200,
      )
      checkEqual(
        byCategory.modules.map((m) => m.name),
        ['NotesBoard'],
        'manager by category, ignoring case',
      )
      await expectInvalid(client, 'GET', `${PLUGINS}/manager?page=0`, undefined, 'page')

      const { categories } = await call<{ categories: string[] }>(
        client,
        'GET',
        `${PLUGINS}/categories`,
        undefined,
        200,
      )
      check(categories.includes(`cat${slug.toLowerCase()}`), 'categories list the module’s')
      const { tags } = await call<{ tags: string[] }>(client, 'GET', `${PLUGINS}/tags`, undefined, 200)
      check(tags.includes(`tag${slug.toLowerCase()}`) && tags.includes('notes'), 'tags list the modules’')
      checkEqual(tags.filter((t) => t === 'notes').length, 1, 'tags are distinct')

      const status = await call<{ status: string; data: Body }>(
        client,
        'GET',
        `${PLUGINS}/${slug}/status`,
        undefined,
        200,
      )
      checkEqual(
        [status.status, status.data.installed, status.data.plugin_id, status.data.modules],
        ['success', true, plugin.id, 2],
        'status',
      )
      const unknown = await call<{ data: Body }>(
        client,
        'GET',
        `${PLUGINS}/NoSuchPlugin${uniqueSuffix()}/status`,
        undefined,
        200,
      )
      checkEqual(unknown.data.installed, false, 'an unknown slug is not installed')
    },
  },
  {
    name: 'Plugins: trusted is the person’s choice: PATCH {trusted} sets and clears it and leaves enabled alone; the manifest shows it; a non-boolean is 422',
    async run(client) {
      const { slug, plugin } = await register(client)
      const trusted = await patchPlugin(client, plugin.id, { trusted: true })
      checkEqual(
        [trusted.status, trusted.plugin.trusted, trusted.plugin.enabled],
        ['success', true, true],
        'trusted, still enabled',
      )
      check(trusted.message.includes('trusted'), `message says so: ${trusted.message}`)
      const manifest = await getManifest(client)
      checkEqual(manifest[slug]?.trusted, true, 'the manifest shows it trusted')

      const both = await patchPlugin(client, plugin.id, { enabled: false, trusted: false })
      checkEqual([both.plugin.enabled, both.plugin.trusted], [false, false], 'both in one call')
      const enabledOnly = await patchPlugin(client, plugin.id, { enabled: true })
      checkEqual(
        [enabledOnly.plugin.enabled, enabledOnly.plugin.trusted],
        [true, false],
        'enabled keeps trusted',
      )
      await expectInvalid(client, 'PATCH', `${PLUGINS}/${plugin.id}`, { trusted: 'yes' }, 'trusted')
      await expectInvalid(client, 'PATCH', `${PLUGINS}/${plugin.id}`, { trusted: null }, 'trusted')
      const after = await call<PluginBody>(client, 'GET', `${PLUGINS}/by-slug/${slug}`, undefined, 200)
      checkEqual(after.trusted, false, 'a refused change leaves it untrusted')
    },
  },
  {
    name: 'Plugins: enable and disable a plugin and a module (the designer follows), then unregister',
    async run(client) {
      const { slug, plugin } = await register(client)
      const board = plugin.modules.find((m) => m.name === 'NotesBoard')!
      const off = await call<{ status: string; module: ModuleBody }>(
        client,
        'PATCH',
        `${PLUGINS}/${plugin.id}/modules/${board.id}`,
        { enabled: false },
        200,
      )
      checkEqual([off.status, off.module.enabled], ['success', false], 'module disabled')
      checkEqual(
        (await designer(client))[slug]?.modules.map((m) => m.name),
        ['NoteCount'],
        'the designer leaves a disabled module out',
      )
      const manifest = await getManifest(client)
      checkEqual(
        manifest[slug]?.modules.find((m) => m.id === board.id)?.enabled,
        false,
        'the manifest shows it disabled',
      )

      const pluginOff = await patchPlugin(client, plugin.id.replaceAll('-', ''), { enabled: false })
      checkEqual(pluginOff.plugin.enabled, false, 'plugin disabled (id without hyphens)')
      check(!(slug in (await designer(client))), 'the designer leaves a disabled plugin out')
      const back = await patchPlugin(client, plugin.id, { enabled: true })
      checkEqual(
        back.plugin.modules.find((m) => m.id === board.id)?.enabled,
        false,
        'a module keeps its own choice',
      )
      await expectInvalid(client, 'PATCH', `${PLUGINS}/${plugin.id}`, {}, 'enabled')
      await expectInvalid(
        client,
        'PATCH',
        `${PLUGINS}/${plugin.id}/modules/${board.id}`,
        { enabled: 'yes' },
        'enabled',
      )

      const gone = await call<{ status: string }>(client, 'DELETE', `${PLUGINS}/${plugin.id}`, undefined, 200)
      checkEqual(gone.status, 'success', 'unregistered')
      await expectNotFound(client, 'GET', `${PLUGINS}/${plugin.id}/info`, undefined, 'Plugin not found')
      await expectNotFound(client, 'GET', `${PLUGINS}/by-slug/${slug}`, undefined, `Plugin ${slug} not found`)
      const manifestAfter = await getManifest(client)
      check(!(slug in manifestAfter), 'gone from the manifest')
      // The slug is free again.
      await register(client, slug)
    },
  },
  {
    name: 'Plugins: register refuses a bad manifest (422 naming each field), a taken slug (400) and another slug (422); unknown ids are 404',
    async run(client) {
      const slug = newSlug()
      const bad = pluginJson(slug)
      bad.plugin_data.version = 'one'
      delete bad.plugin_data.author
      bad.module_data[1] = { name: 'NotesBoard' }
      const response = await client({ method: 'POST', path: `${PLUGINS}/${slug}/register`, json: bad })
      checkEqual(response.status, 422, 'status')
      const locs = (JSON.parse(response.text) as { detail: Array<{ loc: unknown[] }> }).detail.map((d) =>
        d.loc.join('.'),
      )
      check(locs.includes('body.plugin_data.version'), `version named: ${locs.join(', ')}`)
      check(locs.includes('body.plugin_data.author'), `author named: ${locs.join(', ')}`)
      check(
        locs.some((l) => l.startsWith('body.module_data.1')),
        `the duplicate module named: ${locs.join(', ')}`,
      )
      await expectInvalid(client, 'POST', `${PLUGINS}/${slug}/register`, { module_data: [] }, 'plugin_data')
      await expectInvalid(
        client,
        'POST',
        `${PLUGINS}/${slug}/register`,
        { ...pluginJson(`${slug}x`) },
        'plugin_slug',
      )
      await expectNotFound(client, 'GET', `${PLUGINS}/by-slug/${slug}`, undefined, 'not found')

      const { plugin_data, module_data } = pluginJson(slug)
      delete plugin_data.plugin_slug
      await call(client, 'POST', `${PLUGINS}/${slug}/register`, { plugin_data, module_data }, 200)
      const taken = await call<{ detail: string }>(
        client,
        'POST',
        `${PLUGINS}/${slug}/register`,
        pluginJson(slug),
        400,
      )
      check(taken.detail.includes('already exists'), `400 detail: ${taken.detail}`)

      for (const [method, path, json] of [
        ['GET', `${PLUGINS}/${UNKNOWN_ID}/info`, undefined],
        ['GET', `${PLUGINS}/${UNKNOWN_ID}/modules`, undefined],
        ['PATCH', `${PLUGINS}/${UNKNOWN_ID}`, { enabled: true }],
        ['DELETE', `${PLUGINS}/${UNKNOWN_ID}`, undefined],
        ['GET', `${PLUGINS}/${UNKNOWN_ID}/modules/${UNKNOWN_ID}`, undefined],
      ] as const) {
        await expectNotFound(client, method, path, json, 'Plugin not found')
      }
      const plugin = await call<PluginBody>(client, 'GET', `${PLUGINS}/by-slug/${slug}`, undefined, 200)
      await expectNotFound(
        client,
        'GET',
        `${PLUGINS}/${plugin.id}/modules/${UNKNOWN_ID}`,
        undefined,
        'not found',
      )
      await expectNotFound(
        client,
        'PATCH',
        `${PLUGINS}/${plugin.id}/modules/Nope`,
        { enabled: true },
        'not found',
      )
    },
  },
  {
    name: 'Plugins: literal paths win over plugin ids; services/restart with no runtime services; refresh-cache; plugin files',
    async run(client) {
      // `by-slug/modules` is the by-slug route (slug "modules"), not the modules of plugin "by-slug".
      await expectNotFound(client, 'GET', `${PLUGINS}/by-slug/modules`, undefined, 'Plugin modules not found')
      const manager = await call<Body>(client, 'GET', `${PLUGINS}/manager`, undefined, 200)
      check(Array.isArray(manager.modules), 'manager is not a plugin id')
      check(
        Array.isArray((await call<Body>(client, 'GET', `${PLUGINS}/categories`, undefined, 200)).categories),
        'categories',
      )
      check(Array.isArray((await call<Body>(client, 'GET', `${PLUGINS}/tags`, undefined, 200)).tags), 'tags')
      const refreshed = await call<{ status: string; plugins: number }>(
        client,
        'POST',
        `${PLUGINS}/refresh-cache`,
        undefined,
        200,
      )
      checkEqual(refreshed.status, 'success', 'refresh-cache')

      const { slug, plugin } = await register(client)
      const restart = await call<{ status: string; message: string; restarted: string[] }>(
        client,
        'POST',
        `${PLUGINS}/${slug}/services/restart`,
        { definition_id: 'any' },
        200,
      )
      checkEqual(restart.restarted, [], 'a plugin without runtime services restarts none')
      await expectNotFound(
        client,
        'POST',
        `${PLUGINS}/NoSuch${uniqueSuffix()}/services/restart`,
        { definition_id: 'any' },
        'not found',
      )

      // A registered plugin has no files: its bundle is 404 (JSON, from the API, never the app shell).
      await expectNotFound(
        client,
        'GET',
        `/plugins/${plugin.id}/1.2.3/dist/remoteEntry.js`,
        undefined,
        'File not found',
      )
      await expectNotFound(client, 'GET', `/plugins/${UNKNOWN_ID}/1.0.0/x.js`, undefined, 'File not found')
      await expectNotFound(client, 'GET', `/plugins/${plugin.id}/1.2.3`, undefined, 'No endpoint')
    },
  },
]
