import type { ContractClient } from '../contract/ContractClient'
import { uniqueSuffix } from '../contract/expectValidationIssue'
import { toBase64 } from '../contract/toBase64'
import { testManifest, testPluginFiles, zipOf } from '../../api/platform/plugins/installTestPackages'
import type { ReplayCase } from './ReplayCase'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

/**
 * BrainDrive-Core's plugin manager and installer (and BrainDrive's older ones, which make the same
 * calls): ModuleService, PluginInstallerService and the designer manifest RemotePluginService loads
 * plugins from. They go through ApiService (axios): a non-2xx status throws, query params are
 * serialised as URLSearchParams. Plugins are installed here as the installer uploads them, from an
 * archive built in the test, under a slug no other case uses, and uninstalled at the end.
 */
const CORE = 'BrainDriveAI/BrainDrive-Core frontend/src'
const OLD = 'BrainDriveAI/BrainDrive frontend/src'
const MODULES = `${CORE}/features/plugin-manager/services/moduleService.ts`
const INSTALLER = `${CORE}/features/plugin-installer/services/pluginInstallerService.ts`
const OLD_INSTALLER = `${OLD}/features/plugin-installer/services/pluginInstallerService.ts`
const USE_MODULES = `${CORE}/features/plugin-manager/hooks/useModules.ts`
const UPDATE_FEED = `${CORE}/features/plugin-manager/hooks/usePluginUpdateFeed.ts`
const REMOTE = `${CORE}/services/remotePluginService.ts`
const OLD_REMOTE = `${OLD}/services/remotePluginService.ts`
const P = '/api/v1/plugins'

interface ReplayPlugin {
  slug: string
  /** The plugin's record id, as the manager's modules carry it in `pluginId`. */
  id: string
  category: string
  tag: string
}

interface ManagerModule {
  id: string
  pluginId: string
  name: string
  enabled: boolean
  plugin_slug?: string
}

/** A plugin whose one module has a category and a tag no other case uses, as a .zip. */
function replayPluginZip(slug: string, category: string, tag: string): Uint8Array {
  const manifest = testManifest({ slug })
  const module_data = [
    {
      name: 'ReplayModule',
      display_name: 'Replay module',
      description: 'A module the client replay installs',
      category,
      tags: [tag, 'replay'],
    },
  ]
  return zipOf({
    ...testPluginFiles({ slug }),
    'plugin.json': JSON.stringify({ ...manifest, module_data }),
  })
}

/**
 * `installFromFile`: FormData with `file`, `method: 'local-file'` and `filename`, posted to
 * /plugins/install; the installer reads `status`, `message` and `data` (plugin_slug, version,
 * modules_created, source, plugin_type).
 */
async function installFromFile(client: ContractClient): Promise<ReplayPlugin & { answer: InstallAnswer }> {
  const suffix = uniqueSuffix()
  const slug = `ReplayPlugin${suffix}`
  const category = `Replay category ${suffix}`
  const tag = `replay-tag-${suffix}`
  const filename = `${slug}.zip`
  const { body } = await replay<InstallAnswer>(
    client,
    {
      method: 'POST',
      path: `${P}/install`,
      multipart: {
        fields: { method: 'local-file', filename },
        files: [
          {
            field: 'file',
            filename,
            type: 'application/zip',
            base64: toBase64(replayPluginZip(slug, category, tag)),
          },
        ],
      },
    },
    200,
  )
  expectFields(body, { status: 'string', message: 'string', data: 'object' }, 'the install answer')
  checkEqual(body.status, 'success', 'status (the installer refreshes its registry on success)')
  expectFields(
    body.data,
    {
      plugin_id: 'string',
      plugin_slug: 'string',
      version: 'string',
      modules_created: 'array',
      source: 'string',
      plugin_type: 'string',
    },
    'the install answer’s data',
  )
  return { slug, id: body.data.plugin_id, category, tag, answer: body }
}

interface InstallAnswer {
  status: string
  message: string
  data: {
    plugin_id: string
    plugin_slug: string
    version: string
    modules_created: string[]
    source: string
    plugin_type: string
  }
}

/** `uninstallPlugin` (the installer, by slug) or `deletePlugin` (the manager, by its id-derived key). */
async function uninstall(client: ContractClient, key: string) {
  const { body } = await replay<{ status: string }>(
    client,
    { method: 'DELETE', path: `${P}/${key}/uninstall` },
    200,
  )
  checkEqual(body.status, 'success', 'the uninstall answer’s status')
}

/** `getRemotePluginManifest`: the designer manifest, read as `Object.values(response)`. */
async function designerManifest(client: ContractClient): Promise<Array<Record<string, unknown>>> {
  const { body } = await replay<Record<string, Record<string, unknown>>>(
    client,
    { method: 'GET', path: `${P}/manifest/designer` },
    200,
  )
  check(typeof body === 'object' && body !== null && !Array.isArray(body), 'an object keyed by plugin')
  return Object.values(body)
}

/** `getModules`: axios serialises `params` ({page, pageSize, search?, category?, tags?, plugin_type?}). */
async function getModules(client: ContractClient, params: Record<string, string | number>) {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) query.append(key, String(value))
  const { body } = await replay<{ modules: ManagerModule[]; totalItems: number }>(
    client,
    { method: 'GET', path: `${P}/manager?${query.toString()}` },
    200,
  )
  expectFields(body, { modules: 'array', totalItems: 'number' }, 'GET /plugins/manager')
  return body
}

/**
 * `getPluginUpdateInfo`/`updatePlugin`/`deletePlugin` cut `{user_id}_` off a plugin's id to get its
 * slug; an id without `_` (Quire's UUIDs) is sent whole.
 */
function extractPluginSlugFromId(pluginId: string): string {
  const parts = pluginId.split('_')
  return parts.length >= 2 ? parts.slice(1).join('_') : pluginId
}

export const pluginsReplay: ReplayCase[] = [
  {
    name: 'Plugins: installFromFile uploads file, method=local-file, filename; refreshPluginRegistry reads the designer manifest',
    sources: [`${INSTALLER}:121`, `${INSTALLER}:251`, `${REMOTE}:99`, `${OLD_REMOTE}:59`],
    async run(client) {
      const plugin = await installFromFile(client)
      const { data } = plugin.answer
      checkEqual(data.plugin_slug, plugin.slug, 'data.plugin_slug (shown as the plugin id)')
      checkEqual(data.version, '1.0.0', 'data.version')
      checkEqual(data.source, 'local-file', 'data.source')
      checkEqual(data.modules_created.length, 1, 'data.modules_created (one module)')
      checkEqual(data.plugin_type, 'frontend', 'data.plugin_type (no backend warning)')

      const entry = (await designerManifest(client)).find((p) => p.id === plugin.slug)
      check(entry !== undefined, 'the installed plugin is in the designer manifest, its id the slug')
      expectFields(
        entry,
        {
          id: 'string',
          bundlelocation: 'string',
          scope: 'string',
          modules: 'array',
          database_id: 'string',
          version: 'string',
        },
        'the designer manifest’s plugin',
      )
      const e = entry as { bundlelocation: string; scope: string; database_id: string; modules: unknown[] }
      check(e.bundlelocation !== '', 'bundlelocation is set (loadRemotePlugin loads it)')
      checkEqual(e.scope, plugin.slug, 'scope (the container loadRemotePlugin looks for)')
      checkEqual(e.database_id, plugin.id, 'database_id (the bundle URL’s id)')
      check(e.modules.length > 0, 'modules (loadRemotePlugin refuses a plugin without)')
      for (const module of e.modules) expectFields(module, { name: 'string' }, 'a manifest module')
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: getModules sends page, pageSize and search (then category, tags, plugin_type) and reads modules and totalItems',
    sources: [`${MODULES}:63`, `${USE_MODULES}:57`],
    async run(client) {
      const plugin = await installFromFile(client)
      const searched = await getModules(client, { page: 1, pageSize: 16, search: plugin.slug })
      const module = searched.modules.find((m) => m.pluginId === plugin.id)
      check(module !== undefined, 'the plugin’s module is found by a search for its plugin')
      check(searched.totalItems >= 1, 'totalItems counts it')
      expectFields(
        module,
        {
          id: 'string',
          pluginId: 'string',
          name: 'string',
          displayName: 'string',
          enabled: 'boolean',
          tags: 'array',
          category: 'string',
          priority: 'number',
        },
        'a manager module',
      )
      checkEqual(module!.enabled, true, 'the module starts enabled')

      const filtered = await getModules(client, {
        page: 1,
        pageSize: 16,
        search: plugin.slug,
        category: plugin.category,
        tags: [plugin.tag, 'other-tag'].join(','),
        plugin_type: 'frontend',
      })
      check(
        filtered.modules.some((m) => m.id === module!.id),
        'the module matches its category, one of the tags and its plugin type',
      )
      const other = await getModules(client, {
        page: 1,
        pageSize: 16,
        category: plugin.category,
        plugin_type: 'backend',
      })
      check(
        !other.modules.some((m) => m.id === module!.id),
        'a frontend plugin’s module is not a backend one',
      )
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: getModulesByPlugin reads the modules of module.pluginId',
    sources: [`${MODULES}:172`],
    async run(client) {
      const plugin = await installFromFile(client)
      const { body } = await replay<{ modules: ManagerModule[] }>(
        client,
        { method: 'GET', path: `${P}/${plugin.id}/modules` },
        200,
      )
      const modules = expectArray<ManagerModule>(body.modules, 'response.modules')
      checkEqual(modules.length, 1, 'the plugin’s one module')
      expectFields(
        modules[0],
        { id: 'string', pluginId: 'string', name: 'string', enabled: 'boolean' },
        'a module',
      )
      checkEqual(modules[0]!.pluginId, plugin.id, 'the module’s pluginId')
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: the module switch PATCHes /plugins/{pluginId}/modules/{moduleId} {enabled}; the designer manifest follows',
    sources: [`${MODULES}:185`, `${USE_MODULES}:77`],
    async run(client) {
      const plugin = await installFromFile(client)
      const [module] = (await getModules(client, { page: 1, pageSize: 16, search: plugin.slug })).modules
      check(module !== undefined, 'the module to switch')
      await replay(
        client,
        { method: 'PATCH', path: `${P}/${module!.pluginId}/modules/${module!.id}`, json: { enabled: false } },
        200,
      )
      const off = (await designerManifest(client)).find((p) => p.id === plugin.slug) as
        { modules: unknown[] } | undefined
      checkEqual(off?.modules.length, 0, 'the disabled module leaves the designer manifest')
      const [after] = (await getModules(client, { page: 1, pageSize: 16, search: plugin.slug })).modules
      checkEqual(after?.enabled, false, 'the manager shows it off')

      await replay(
        client,
        { method: 'PATCH', path: `${P}/${module!.pluginId}/modules/${module!.id}`, json: { enabled: true } },
        200,
      )
      const on = (await designerManifest(client)).find((p) => p.id === plugin.slug) as
        { modules: unknown[] } | undefined
      checkEqual(on?.modules.length, 1, 'enabled again, it is back')
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: togglePluginStatus PATCHes /plugins/{pluginId} {enabled}; a disabled plugin leaves the designer manifest',
    sources: [`${MODULES}:199`],
    async run(client) {
      const plugin = await installFromFile(client)
      await replay(client, { method: 'PATCH', path: `${P}/${plugin.id}`, json: { enabled: false } }, 200)
      check(
        !(await designerManifest(client)).some((p) => p.id === plugin.slug),
        'the disabled plugin is not in the designer manifest',
      )
      await replay(client, { method: 'PATCH', path: `${P}/${plugin.id}`, json: { enabled: true } }, 200)
      check(
        (await designerManifest(client)).some((p) => p.id === plugin.slug),
        'enabled again, it is back',
      )
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: getCategories and getTags read response.categories and response.tags',
    sources: [`${MODULES}:213`, `${MODULES}:227`],
    async run(client) {
      const plugin = await installFromFile(client)
      const { body: categories } = await replay<{ categories: string[] }>(
        client,
        { method: 'GET', path: `${P}/categories` },
        200,
      )
      check(
        expectArray(categories.categories, 'response.categories').includes(plugin.category),
        'the module’s category is listed',
      )
      const { body: tags } = await replay<{ tags: string[] }>(
        client,
        { method: 'GET', path: `${P}/tags` },
        200,
      )
      check(expectArray(tags.tags, 'response.tags').includes(plugin.tag), 'the module’s tag is listed')
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: checkForUpdates and getAvailableUpdates read data.available_updates (the update feed names each by plugin_name)',
    sources: [`${MODULES}:467`, `${UPDATE_FEED}:292`, `${INSTALLER}:276`, `${OLD_INSTALLER}:114`],
    async run(client) {
      const plugin = await installFromFile(client)
      const { body } = await replay<{
        status: string
        data: {
          available_updates: Array<Record<string, unknown>>
          total_count: number
          checks: Array<Record<string, unknown>>
        }
      }>(client, { method: 'GET', path: `${P}/updates/available` }, 200)
      checkEqual(body.status, 'success', 'status')
      expectFields(body.data, { available_updates: 'array', total_count: 'number' }, 'data')
      const updates = expectArray<Record<string, unknown>>(
        body.data.available_updates,
        'data.available_updates',
      )
      check(
        !updates.some((u) => u.plugin_id === plugin.id),
        'a plugin installed from a file has no update source, so no update',
      )
      // available_updates holds the checks that found one; the feed's normalizeUpdateInfo reads these.
      const fields = {
        plugin_id: 'string',
        plugin_name: 'string',
        current_version: 'string',
        latest_version: 'string|null',
        repo_url: 'string|null',
      } as const
      for (const update of updates) expectFields(update, fields, 'an available update')
      const own = body.data.checks.find((c) => c.plugin_id === plugin.id)
      expectFields(own, fields, 'the plugin’s check')
      checkEqual(
        own!.plugin_name,
        `${plugin.slug} name`,
        'plugin_name (else the feed derives a name from the id)',
      )
      checkEqual(own!.current_version, '1.0.0', 'current_version')
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: getPluginUpdateInfo asks /plugins/{slug from plugin.id}/update/available and reads status, data.update_available, data.latest_version',
    sources: [`${MODULES}:406`],
    async run(client) {
      const plugin = await installFromFile(client)
      for (const key of [extractPluginSlugFromId(plugin.id), plugin.slug]) {
        const { body } = await replay<{ status: string; data: Record<string, unknown> }>(
          client,
          { method: 'GET', path: `${P}/${key}/update/available` },
          200,
        )
        checkEqual(body.status, 'success', `status (${key})`)
        expectFields(body.data, { update_available: 'boolean', latest_version: 'string|null' }, 'data')
        checkEqual(body.data.update_available, false, 'no update for a plugin installed from a file')
        checkEqual(body.data.plugin_id, plugin.id, 'the plugin asked about')
      }
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: updatePlugin POSTs /plugins/{slug from the feed’s plugin_id}/update, which reaches the plugin',
    sources: [`${MODULES}:292`, `${UPDATE_FEED}:388`],
    async run(client) {
      const plugin = await installFromFile(client)
      // A successful update needs the plugin's source (a release, a catalog): the network. A plugin
      // installed from a file has none, which Quire says for the plugin the id names (not a 404).
      const answer = await replay<{ detail: string }>(
        client,
        { method: 'POST', path: `${P}/${extractPluginSlugFromId(plugin.id)}/update` },
        400,
      )
      check(/source/i.test(String(answer.body.detail)), `the detail says why: ${String(answer.body.detail)}`)
      await uninstall(client, plugin.slug)
    },
  },
  {
    name: 'Plugins: getPluginStatus reads /plugins/{slug}/status',
    sources: [`${INSTALLER}:297`, `${OLD_INSTALLER}:135`],
    async run(client) {
      const plugin = await installFromFile(client)
      const { body } = await replay<{ status: string; data: Record<string, unknown> }>(
        client,
        { method: 'GET', path: `${P}/${plugin.slug}/status` },
        200,
      )
      checkEqual(body.status, 'success', 'status')
      expectFields(body.data, { plugin_slug: 'string', installed: 'boolean' }, 'data')
      checkEqual(body.data.installed, true, 'installed')
      await uninstall(client, plugin.slug)
      const { body: gone } = await replay<{ status: string; data: Record<string, unknown> }>(
        client,
        { method: 'GET', path: `${P}/${plugin.slug}/status` },
        200,
      )
      checkEqual(gone.data.installed, false, 'not installed after the uninstall')
    },
  },
  {
    name: 'Plugins: uninstallPlugin DELETEs /plugins/{slug}/uninstall; deletePlugin sends the slug cut from plugin.id',
    sources: [`${INSTALLER}:313`, `${OLD_INSTALLER}:151`, `${MODULES}:363`],
    async run(client) {
      const bySlug = await installFromFile(client)
      await uninstall(client, bySlug.slug)
      check(!(await designerManifest(client)).some((p) => p.id === bySlug.slug), 'gone from the manifest')

      const byId = await installFromFile(client)
      await uninstall(client, extractPluginSlugFromId(byId.id))
      check(!(await designerManifest(client)).some((p) => p.id === byId.slug), 'gone from the manifest')
      const { body } = await replay<{ data: { installed: boolean } }>(
        client,
        { method: 'GET', path: `${P}/${byId.slug}/status` },
        200,
      )
      checkEqual(body.data.installed, false, 'not installed')
    },
  },
]
