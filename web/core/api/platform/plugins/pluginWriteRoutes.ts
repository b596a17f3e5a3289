import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema, validationErrorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { z } from 'zod'
import { validateManifest } from '../../../plugins/manifest/validateManifest'
import { pluginKind } from '../../../records/kinds/pluginKind'
import { deleteUnusedFiles } from '../../../plugins/pluginFiles'
import { refuseReservedSlug } from './installPlugin'
import { findPluginBySlug, requireModule, requirePlugin } from './pluginLookup'
import { pluginModuleKind } from '../../../records/kinds/pluginModuleKind'
import {
  enabledBody,
  moduleParams,
  pluginPatchBody,
  moduleSchema,
  pluginIdParams,
  pluginSchema,
  registerBody,
  slugParams,
  successSchema,
} from './pluginSchemas'
import { pluginView, moduleView } from './pluginViews'
import { savePluginRecords } from './savePluginRecords'
import { restartServicesRoute } from './restartServicesRoute'
import type { Store } from '../../../store/Store'
import type { RecordPorts } from '../../../records/platformRecords'

const tags = ['Plugins']
const BASE = '/api/v1/plugins'

/** Registering and switching plugins writes the caller's plugin and module records (clock, new ids). */
type PluginWritePorts = Pick<ApiPorts, 'clock' | 'newId' | 'currentUserId'> & RecordPorts

/** Unregistering also deletes the plugin's files that nothing else uses (documents' files count). */
type UnregisterPorts = Pick<ApiPorts, 'files'> & { store: Pick<Store, 'records' | 'documents'> }
const notFound = { description: 'Plugin (or module) not found', schema: errorSchema }
const invalid = { description: 'Validation error', schema: validationErrorSchema }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const pluginSlugWriteRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: `${BASE}/:plugin_slug/register`,
    operationId: 'registerPlugin',
    summary: 'Register a plugin from its manifest',
    description: [
      'The body is `{plugin_data, module_data}` as `plugin.json` holds them (or as a lifecycle manager',
      'declares them), validated as `plugin-metadata.md` states: 422 lists every broken rule with its',
      '`loc` (`["body","plugin_data",field]`, `["body","module_data",i,field]`). `plugin_data.plugin_slug`',
      'may be left out (the path gives it); a different one is 422. A slug already registered or installed',
      'is 400, as BrainDrive answers. The plugin is stored enabled, with its modules enabled, and no files',
      '(an install brings files). Answers `{status: "success", message, plugin_id, plugin, warnings}`;',
      '`warnings` lists the spec’s guidance the manifest does not follow. A missing',
      '`plugin_data.installation_type` is read as `local`, the value BrainDrive stores then (its plugin',
      'table’s default; BrainDrive’s Library plugin has none), though the spec lists it as required; an',
      'empty one is 422. Differs from BrainDrive: the',
      'body is `{plugin_data, module_data}` (BrainDrive: the plugin’s fields with `modules`), validated;',
      'the plugin’s id is a UUID (BrainDrive: `{user_id}_{plugin_slug}`).',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: slugParams,
    body: registerBody,
    responses: {
      200: {
        description: 'Registered',
        schema: successSchema.extend({
          plugin_id: z.string(),
          plugin: pluginSchema,
          warnings: z.array(z.unknown()),
        }),
      },
      400: { description: 'The slug is taken', schema: errorSchema },
      422: invalid,
    },
    async handler({ params, body }, ports: PluginWritePorts) {
      const slug = params.plugin_slug
      let pluginData: unknown = body.plugin_data
      if (isObject(pluginData)) {
        if (pluginData.plugin_slug === undefined || pluginData.plugin_slug === null)
          pluginData = { ...pluginData, plugin_slug: slug }
        else if (pluginData.plugin_slug !== slug)
          throw ApiError.unprocessable([
            {
              loc: ['body', 'plugin_data', 'plugin_slug'],
              msg: `must be the slug of the path (${slug})`,
              type: 'value_error',
            },
          ])
      }
      const valid = validateManifest({ plugin_data: pluginData, module_data: body.module_data })
      refuseReservedSlug(slug)
      if (await findPluginBySlug(ports, slug))
        throw new ApiError(400, `Plugin with slug '${slug}' already exists for this user`)
      const saved = await savePluginRecords(ports, valid, { install_source: { method: 'register' } })
      return {
        status: 200,
        body: {
          status: 'success',
          message: `Plugin ${slug} registered successfully`,
          plugin_id: saved.plugin.id,
          plugin: pluginView(saved.plugin, saved.modules),
          warnings: valid.warnings,
        },
      }
    },
  }),
  restartServicesRoute,
]

export const pluginIdWriteRoutes: Route[] = [
  defineRoute({
    method: 'patch',
    path: `${BASE}/:plugin_id/modules/:module_id`,
    operationId: 'setPluginModuleEnabled',
    summary: 'Enable or disable a module',
    description:
      'Body `{enabled: boolean}`. A disabled module leaves the designer’s manifest. Answers `{status: "success", message, module}`. Differs from BrainDrive: `enabled` must be a boolean (422; BrainDrive coerces any value, and answers 400 when it is missing).',
    tags,
    errorStyle: 'platform',
    params: moduleParams,
    body: enabledBody,
    responses: {
      200: { description: 'Changed', schema: successSchema.extend({ module: moduleSchema }) },
      404: notFound,
      422: invalid,
    },
    async handler({ params, body }, ports: PluginWritePorts) {
      const plugin = await requirePlugin(ports, params.plugin_id)
      const module = await requireModule(ports, plugin, params.module_id)
      const updated = pluginModuleKind.patch(ports, module, { enabled: body.enabled })
      await pluginModuleKind.put(ports, updated)
      return {
        status: 200,
        body: {
          status: 'success',
          message: `Module ${module.id} ${body.enabled ? 'enabled' : 'disabled'} successfully`,
          module: moduleView(updated),
        },
      }
    },
  }),
  defineRoute({
    method: 'patch',
    path: `${BASE}/:plugin_id`,
    operationId: 'setPluginEnabled',
    summary: 'Enable or disable a plugin, or trust it',
    description: [
      'Body `{enabled?: boolean, trusted?: boolean}`, at least one. `enabled`: modules keep their own choice;',
      'a disabled plugin leaves the designer’s manifest. `trusted`: the person’s choice, never the plugin’s —',
      'Quire’s plugin manager sets it only after the person confirmed a warning, and the runtime refuses any',
      'write a plugin module makes to `/api/v1/plugins/*`, so a plugin cannot trust itself. A trusted plugin’s',
      'modules render in Quire’s own page instead of a sandboxed frame. Answers `{status: "success", message,',
      'plugin}`. Differs from BrainDrive: `enabled` must be a boolean (422; BrainDrive coerces any value, and',
      'answers 400 when it is missing); `trusted` is Quire’s.',
    ].join(' '),
    tags,
    errorStyle: 'platform',
    params: pluginIdParams,
    body: pluginPatchBody,
    responses: {
      200: { description: 'Changed', schema: successSchema.extend({ plugin: pluginSchema }) },
      404: notFound,
      422: invalid,
    },
    async handler({ params, body }, ports: PluginWritePorts) {
      const plugin = await requirePlugin(ports, params.plugin_id)
      const changes: { enabled?: boolean; trusted?: boolean } = {}
      if (body.enabled !== undefined) changes.enabled = body.enabled
      if (body.trusted !== undefined) changes.trusted = body.trusted
      const updated = pluginKind.patch(ports, plugin, changes)
      await pluginKind.put(ports, updated)
      const said = [
        body.enabled === undefined ? undefined : body.enabled ? 'enabled' : 'disabled',
        body.trusted === undefined ? undefined : body.trusted ? 'trusted' : 'no longer trusted',
      ].filter((word) => word !== undefined)
      return {
        status: 200,
        body: {
          status: 'success',
          message: `Plugin ${plugin.id} ${said.join(' and ')} successfully`,
          plugin: pluginView(updated, await pluginModuleKind.list(ports, plugin.id)),
        },
      }
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/:plugin_id`,
    operationId: 'unregisterPlugin',
    summary: 'Unregister a plugin',
    description:
      'Deletes the plugin and its modules in one step, then those of its files nothing else uses (another plugin or a document with the same bytes keeps a file). Answers `{status: "success", message, deleted_files}`, as BrainDrive with the count of files removed.',
    tags,
    params: pluginIdParams,
    responses: { 200: { description: 'Unregistered', schema: successSchema }, 404: notFound },
    async handler({ params }, ports: UnregisterPorts) {
      const plugin = await requirePlugin(ports, params.plugin_id)
      const modules = await pluginModuleKind.list(ports, plugin.id)
      await ports.store.records.writeRecords([
        ...modules.map((m) => ({ delete: { kind: pluginModuleKind.kind, id: m.id } })),
        { delete: { kind: pluginKind.kind, id: plugin.id } },
      ])
      const keys = Object.values((plugin.data.files as Record<string, string> | undefined) ?? {})
      const deleted = await deleteUnusedFiles(ports, keys)
      return {
        status: 200,
        body: {
          status: 'success',
          message: `Plugin ${plugin.id} unregistered successfully`,
          deleted_files: deleted.length,
        },
      }
    },
  }),
]
