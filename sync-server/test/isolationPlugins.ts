import type { ApiPorts } from '../../web/core/api/ApiPorts'
import { testManifest } from '../../web/core/api/platform/plugins/installTestPackages'
import { pluginKind } from '../../web/core/records/kinds/pluginKind'
import type { AttemptFor } from './isolationPlatform'

/**
 * The plugin routes' part of isolation.test.ts: A registers a plugin (and gets a file into it, as an
 * install would), and for every plugin route how B would try to reach it.
 */
export interface PluginRecords {
  plugin: string
  pluginSlug: string
  pluginModule: string
}

type Post = (path: string, json: unknown) => Promise<Record<string, unknown>>

export const ISOLATION_PLUGIN_FILE = 'var IsoPlugin = "A’s bundle"'

/** Registers A's plugin through `post` and stores one file of it in A's space (`ports`), as an install does. */
export async function seedPlugins(
  post: Post,
  ports: Pick<ApiPorts, 'store' | 'files' | 'clock'>,
): Promise<PluginRecords> {
  const slug = 'IsoPlugin'
  const answer = await post(`/api/v1/plugins/${slug}/register`, {
    plugin_data: testManifest({
      slug,
      plugin: { name: 'Iso', description: 'A’s plugin', category: 'isolated', author: 'A' },
    }).plugin_data,
    module_data: [{ name: 'IsoModule', category: 'isolated', tags: ['a-only'] }],
  })
  const plugin = answer.plugin as { id: string; modules: Array<{ id: string }> }
  const record = await pluginKind.require(ports, plugin.id)
  const key = await ports.files.put(new TextEncoder().encode(ISOLATION_PLUGIN_FILE))
  await pluginKind.put(ports, pluginKind.patch(ports, record, { files: { 'dist/remoteEntry.js': key } }))
  return { plugin: plugin.id, pluginSlug: slug, pluginModule: plugin.modules[0]!.id }
}

const lists = { names: 'nothing', why: 'checked by the lists' } as const
const P = '/api/v1/plugins'

export const pluginAttempts: Record<string, AttemptFor<PluginRecords>> = {
  getPluginManifest: lists,
  getPluginDesignerManifest: lists,
  getPluginManager: lists,
  listPluginCategories: lists,
  listPluginTags: lists,
  refreshPluginCache: { names: 'nothing', why: 'counts B’s own plugins' },
  getPluginBySlug: (a) => ({ method: 'GET', path: `${P}/by-slug/${a.pluginSlug}` }),
  getPluginInfo: (a) => ({ method: 'GET', path: `${P}/${a.plugin}/info` }),
  // BrainDrive answers an unknown slug's status with `installed: false`: the lists check B sees that.
  getPluginStatus: (a) => ({ method: 'GET', path: `${P}/${a.pluginSlug}/status`, status: 200 }),
  registerPlugin: { names: 'nothing', why: 'registers in B’s own space (the same slug is free there)' },
  restartPluginServices: (a) => ({
    method: 'POST',
    path: `${P}/${a.pluginSlug}/services/restart`,
    json: { definition_id: 'any', user_id: 'current' },
  }),
  listPluginModules: (a) => ({ method: 'GET', path: `${P}/${a.plugin}/modules` }),
  getPluginModule: (a) => ({ method: 'GET', path: `${P}/${a.plugin}/modules/${a.pluginModule}` }),
  setPluginModuleEnabled: (a) => ({
    method: 'PATCH',
    path: `${P}/${a.plugin}/modules/${a.pluginModule}`,
    json: { enabled: false },
  }),
  setPluginEnabled: (a) => ({ method: 'PATCH', path: `${P}/${a.plugin}`, json: { enabled: false } }),
  unregisterPlugin: (a) => ({ method: 'DELETE', path: `${P}/${a.plugin}` }),
  getPluginFile: (a) => ({ method: 'GET', path: `/plugins/${a.plugin}/1.0.0/dist/remoteEntry.js` }),
}

/** B's plugin lists, each of which must hold none of A's plugins, modules, categories or tags. */
export const pluginLists: Array<{ path: string; items: (body: unknown) => unknown[] }> = [
  { path: `${P}/manifest`, items: (body) => Object.values(body as object) },
  { path: `${P}/manifest/designer`, items: (body) => Object.values(body as object) },
  {
    path: `${P}/manager`,
    items: (body) => [
      ...(body as { modules: unknown[]; plugins: unknown[] }).modules,
      ...(body as { plugins: unknown[] }).plugins,
    ],
  },
  { path: `${P}/categories`, items: (body) => (body as { categories: unknown[] }).categories },
  { path: `${P}/tags`, items: (body) => (body as { tags: unknown[] }).tags },
  {
    path: `${P}/IsoPlugin/status`,
    items: (body) => ((body as { data: { installed: boolean } }).data.installed ? [body] : []),
  },
]
