import { z } from 'zod'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import type { StoredRecord } from '../../../store/StoredRecord'
import {
  findPluginBySlug,
  pluginsWithModules,
  requireModule,
  requirePlugin,
  requirePluginBySlug,
} from './pluginLookup'
import { filterForManager } from './pluginManagerFilter'
import {
  managerQuery,
  manifestSchema,
  moduleParams,
  moduleSchema,
  pluginIdParams,
  pluginSchema,
  slugParams,
  successSchema,
} from './pluginSchemas'
import { pluginModuleKind } from '../../../records/kinds/pluginModuleKind'
import { manifestEntry, moduleView, pluginView, sortModules } from './pluginViews'
import type { RecordPorts } from '../../../records/platformRecords'

const tags = ['Plugins']
const BASE = '/api/v1/plugins'
const notFound = { description: 'Plugin not found', schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }

/** Distinct non-empty strings, sorted ignoring case. */
function distinct(values: Iterable<unknown>): string[] {
  const set = new Set<string>()
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') set.add(value)
  return [...set].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }))
}

function keyedBySlug(
  entries: Array<[string, Record<string, unknown>]>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(entries)
}

/**
 * The read routes of plugin records. Routes with literal paths (`manifest`, `manager`, `categories`,
 * `tags`, `refresh-cache`, `by-slug`) come before `/{plugin_id}/...` ones: both routers answer with the
 * first route that matches (`by-slug/modules` is the by-slug route, not plugin "by-slug"'s modules).
 */
export const pluginLiteralRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/manifest`,
    operationId: 'getPluginManifest',
    summary: 'Every plugin with its modules, keyed by slug',
    description: [
      'BrainDrive’s manifest: an object keyed by `plugin_slug`; each plugin’s `id` is its slug and',
      '`database_id` its record id (BrainDrive’s frontend loads a plugin by `id`); `bundlelocation` has no',
      'leading slash; each plugin carries its `modules`. Fields come in the stored snake_case and in the',
      'camelCase BrainDrive’s `to_dict()` uses. `base_url`/`bundle_url` say where the installed version’s',
      'files are served. Differs from BrainDrive: disabled plugins are listed too (with `enabled: false`);',
      'the designer’s manifest lists enabled ones only.',
    ].join(' '),
    tags,
    responses: { 200: { description: 'The manifest', schema: manifestSchema } },
    async handler(_input, ports: RecordPorts) {
      const all = await pluginsWithModules(ports)
      return {
        status: 200,
        body: keyedBySlug(
          all.map(({ plugin, modules }) => [String(plugin.data.plugin_slug), manifestEntry(plugin, modules)]),
        ),
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/manifest/designer`,
    operationId: 'getPluginDesignerManifest',
    summary: 'Enabled plugins and their enabled modules, for the page designer',
    description:
      'As `GET /plugins/manifest`, with only enabled plugins and, in each, only enabled modules (highest `priority` first); modules’ `pluginId` is the plugin’s slug, as BrainDrive’s designer manifest sets it.',
    tags,
    responses: { 200: { description: 'The manifest', schema: manifestSchema } },
    async handler(_input, ports: RecordPorts) {
      const all = await pluginsWithModules(ports)
      const entries = all
        .filter(({ plugin }) => plugin.data.enabled === true)
        .map(({ plugin, modules }): [string, Record<string, unknown>] => [
          String(plugin.data.plugin_slug),
          manifestEntry(
            plugin,
            modules.filter((m) => m.data.enabled === true),
            { designer: true },
          ),
        ])
      return { status: 200, body: keyedBySlug(entries) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/manager`,
    operationId: 'getPluginManager',
    summary: 'Modules (and their plugins) for the plugin manager, filtered and paged',
    description: [
      'BrainDrive’s answer `{modules, totalItems}`: modules matching `search` (name, display name,',
      'description, or their plugin’s name, slug or description), `category`, `tags` (comma-separated or',
      'repeated; any of them) and `plugin_type` (the plugin’s `type`), paged by `page` (from 1) and',
      '`pageSize` (or `page_size`; 1..100, default 16), or by `limit`/`offset`. Each module carries its',
      'plugin’s install status (`install_status`: installed | error), `update_available`,',
      '`latest_version`, `plugin_slug`, `plugin_name` and `plugin_enabled` (camelCase too). `plugins`',
      'lists the matching plugins (not paged), each with its install status and update availability;',
      '`page` and `page_size` echo the slice. Differs from BrainDrive: category and tag matches ignore',
      'case, and `search` also matches the plugin’s fields.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    query: managerQuery,
    responses: {
      200: {
        description: 'Modules and plugins',
        schema: z.looseObject({
          modules: z.array(moduleSchema),
          totalItems: z.number(),
          plugins: z.array(pluginSchema),
          page: z.number(),
          page_size: z.number(),
        }),
      },
      422: invalid,
    },
    async handler({ query }, ports: RecordPorts) {
      const { modules, plugins } = filterForManager(await pluginsWithModules(ports), query)
      const size = query.limit ?? query.page_size ?? query.pageSize ?? 16
      const start = query.offset ?? (query.page - 1) * size
      return {
        status: 200,
        body: {
          modules: modules.slice(start, start + size),
          totalItems: modules.length,
          plugins,
          page: Math.floor(start / size) + 1,
          page_size: size,
        },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/categories`,
    operationId: 'listPluginCategories',
    summary: 'Categories of the installed modules',
    description:
      '`{categories}`: the distinct non-empty `category` values of every module (as BrainDrive), sorted ignoring case.',
    tags,
    responses: { 200: { description: 'Categories', schema: z.object({ categories: z.array(z.string()) }) } },
    async handler(_input, ports: RecordPorts) {
      const modules = await pluginModuleKind.list(ports)
      return { status: 200, body: { categories: distinct(modules.map((m) => m.data.category)) } }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/tags`,
    operationId: 'listPluginTags',
    summary: 'Tags of the installed modules',
    description: '`{tags}`: the distinct tags of every module (as BrainDrive), sorted ignoring case.',
    tags,
    responses: { 200: { description: 'Tags', schema: z.object({ tags: z.array(z.string()) }) } },
    async handler(_input, ports: RecordPorts) {
      const modules = await pluginModuleKind.list(ports)
      const all = modules.flatMap((m) => (Array.isArray(m.data.tags) ? (m.data.tags as unknown[]) : []))
      return { status: 200, body: { tags: distinct(all) } }
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/refresh-cache`,
    operationId: 'refreshPluginCache',
    summary: 'Refresh the plugin cache',
    description:
      'Answers `{status: "success", message, plugins}` (the number of plugins). Quire keeps no plugin cache to refresh: every answer is read from the records, so this changes nothing. Differs from BrainDrive, which reloads plugin configurations from disk.',
    tags,
    responses: { 200: { description: 'Done', schema: successSchema } },
    async handler(_input, ports: RecordPorts) {
      const plugins = (await pluginsWithModules(ports)).length
      return {
        status: 200,
        body: {
          status: 'success',
          message: 'Plugin cache refreshed (Quire reads plugins from their records)',
          plugins,
        },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/by-slug/:plugin_slug`,
    operationId: 'getPluginBySlug',
    summary: 'A plugin by its slug',
    description:
      'The plugin, as `GET /plugins/{plugin_id}/info` answers it; 404 `Plugin {slug} not found`. Differs from BrainDrive: the plugin carries its `modules`.',
    tags,
    params: slugParams,
    responses: { 200: { description: 'The plugin', schema: pluginSchema }, 404: notFound },
    async handler({ params }, ports: RecordPorts) {
      const plugin = await requirePluginBySlug(ports, params.plugin_slug)
      return { status: 200, body: pluginView(plugin, await pluginModuleKind.list(ports, plugin.id)) }
    },
  }),
]

export const pluginIdReadRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/:plugin_id/info`,
    operationId: 'getPluginInfo',
    summary: 'A plugin with its modules',
    description:
      '`plugin_id` is the plugin’s id (with or without hyphens) or its slug. 404 `Plugin not found`.',
    tags,
    params: pluginIdParams,
    responses: { 200: { description: 'The plugin', schema: pluginSchema }, 404: notFound },
    async handler({ params }, ports: RecordPorts) {
      const plugin = await requirePlugin(ports, params.plugin_id)
      return { status: 200, body: pluginView(plugin, await pluginModuleKind.list(ports, plugin.id)) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:plugin_slug/status`,
    operationId: 'getPluginStatus',
    summary: 'Whether a plugin is installed, and its state',
    description: [
      'BrainDrive’s `{status: "success", data: {plugin_slug, installed, ...}}`: for an installed plugin',
      '`data` also has `plugin_id`, `version`, `enabled`, `install_status` (installed | error),',
      '`update_available`, `latest_version` and `modules` (their count). An unknown slug answers',
      '`installed: false` (200), as BrainDrive.',
    ].join(' '),
    tags,
    params: slugParams,
    responses: {
      200: {
        description: 'The status',
        schema: z.looseObject({ status: z.string(), data: z.looseObject({ installed: z.boolean() }) }),
      },
    },
    async handler({ params }, ports: RecordPorts) {
      const plugin = await findPluginBySlug(ports, params.plugin_slug)
      if (!plugin)
        return {
          status: 200,
          body: { status: 'success', data: { plugin_slug: params.plugin_slug, installed: false } },
        }
      const modules = await pluginModuleKind.list(ports, plugin.id)
      const d = plugin.data
      return {
        status: 200,
        body: {
          status: 'success',
          data: {
            plugin_slug: params.plugin_slug,
            installed: true,
            plugin_id: plugin.id,
            version: d.version,
            enabled: d.enabled,
            install_status: d.status,
            update_available: d.update_available ?? false,
            latest_version: d.latest_version ?? null,
            modules: modules.length,
          },
        },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:plugin_id/modules`,
    operationId: 'listPluginModules',
    summary: 'A plugin’s modules',
    description: '`{modules}`, highest `priority` first, as BrainDrive answers. 404 `Plugin not found`.',
    tags,
    params: pluginIdParams,
    responses: {
      200: { description: 'The modules', schema: z.object({ modules: z.array(moduleSchema) }) },
      404: notFound,
    },
    async handler({ params }, ports: RecordPorts) {
      const plugin = await requirePlugin(ports, params.plugin_id)
      const modules = sortModules(await pluginModuleKind.list(ports, plugin.id))
      return { status: 200, body: { modules: modules.map(moduleView) } }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:plugin_id/modules/:module_id`,
    operationId: 'getPluginModule',
    summary: 'A module with its plugin',
    description:
      'BrainDrive’s `{module, plugin}`. `module_id` is the module’s id (with or without hyphens) or its name. 404 when the plugin or the module is unknown.',
    tags,
    params: moduleParams,
    responses: {
      200: {
        description: 'The module and its plugin',
        schema: z.object({ module: moduleSchema, plugin: pluginSchema }),
      },
      404: notFound,
    },
    async handler({ params }, ports: RecordPorts) {
      const plugin = await requirePlugin(ports, params.plugin_id)
      const module: StoredRecord = await requireModule(ports, plugin, params.module_id)
      const modules = await pluginModuleKind.list(ports, plugin.id)
      return { status: 200, body: { module: moduleView(module), plugin: pluginView(plugin, modules) } }
    },
  }),
]
