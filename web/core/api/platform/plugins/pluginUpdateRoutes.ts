import { z } from 'zod'
import type { ApiPorts } from '../../ApiPorts'
import { errorResponse as error } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import { booleanQuery } from '../booleanQuery'
import { notFoundResponse, validationResponse } from '../platformErrors'
import { checkForUpdate, UPDATE_CHECK_INTERVAL_MS, type UpdateCheck } from './checkForUpdate'
import { installSourcesOf, PLUGIN_SLUG_PARAMS } from './installAnswer'
import { requirePluginBySlugOrId } from './pluginLookup'
import { pluginKind } from '../../../records/kinds/pluginKind'
import { pluginView } from './pluginViews'
import { updatePlugin } from './updatePlugin'
import type { InstallPorts } from './installPlugin'
import type { RecordPorts } from '../../../records/platformRecords'
import { withDownloadProgress } from './downloadProgress'
import { acceptedResponse, asyncQuery, JOBS_NOTE, runPluginJob, wantsAsync } from './runPluginJob'

const BASE = '/api/v1/plugins'

/** A check asks the plugin sources and stores its result on the plugin's record, stamped with the clock. */
type UpdateCheckPorts = Pick<ApiPorts, 'clock' | 'pluginSources'> & RecordPorts

/** An update downloads through the plugin sources and installs over the plugin, as the host's job where it has jobs. */
type UpdatePorts = InstallPorts & Pick<ApiPorts, 'pluginSources' | 'pluginJobs'>
const tags = ['Plugins']
const NOTE_ID =
  'Differs from BrainDrive: the path also takes the plugin’s id (with or without hyphens) where no plugin has that slug, because BrainDrive’s plugin manager builds it from a plugin’s id by cutting a `{user_id}_` prefix, which Quire’s ids do not have.'
const forceQuery = z.object({ force: booleanQuery.optional().default(false) })

const CHECKS = `A check asks, in order, the plugin’s \`update_check_url\` (JSON with \`version\`, \`latest_version\` or a GitHub release’s \`tag_name\`; a \`download_url\` there is what an update installs), the marketplace catalog it was installed from, or its GitHub repository’s latest release (\`source_url\`, or the repository it was installed from), and compares semantic versions. The result is stored in the system-managed \`last_update_check\`, \`update_available\` and \`latest_version\`. Checks back off: one plugin is checked at most once an hour (${UPDATE_CHECK_INTERVAL_MS / 60000} minutes) unless \`force=true\`; within that the stored result is answered with \`checked: false\`. A source that cannot be reached (offline, refused, down) is not an error: \`update_available: false\`, \`checked: false\` and the \`reason\`.`

const checkSchema = z.looseObject({
  plugin_id: z.string(),
  plugin_slug: z.string(),
  plugin_name: z.string(),
  current_version: z.string(),
  latest_version: z.string().nullable(),
  update_available: z.boolean(),
  checked: z.boolean(),
  reason: z.string().optional(),
  last_update_check: z.string().nullable(),
  repo_url: z.string().nullable(),
})

const checkMessage = (check: UpdateCheck) =>
  `Current: ${check.current_version}, Latest: ${check.latest_version ?? 'unknown'}`

export const pluginUpdateRoutes: Route[] = [
  defineRoute({
    method: 'get',
    path: `${BASE}/updates/available`,
    operationId: 'listPluginUpdates',
    summary: 'Updates available for the installed plugins',
    description: `BrainDrive’s \`{status: 'success', data: {available_updates: [{plugin_id, plugin_slug, plugin_name, current_version, latest_version, repo_url}], total_count}}\`, plus \`checks\`: every installed plugin’s check. ${CHECKS}`,
    tags,
    errorStyle: 'platform',
    query: forceQuery,
    responses: {
      200: {
        description: 'Plugins with a newer version',
        schema: z.object({
          status: z.literal('success'),
          data: z.object({
            available_updates: z.array(checkSchema),
            total_count: z.int(),
            checks: z.array(checkSchema),
          }),
        }),
      },
      422: validationResponse,
    },
    async handler({ query }, ports: UpdateCheckPorts) {
      const pluginSources = installSourcesOf(ports)
      const checks: UpdateCheck[] = []
      for (const record of await pluginKind.list(ports)) {
        checks.push(await checkForUpdate({ ...ports, pluginSources }, record, { force: query.force }))
      }
      const available = checks.filter((check) => check.update_available)
      return {
        status: 200,
        body: {
          status: 'success',
          data: { available_updates: available, total_count: available.length, checks },
        },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/:plugin_slug/update/available`,
    operationId: 'checkPluginUpdate',
    summary: 'Whether a newer version of one plugin is available',
    description: `BrainDrive’s \`{status: 'success', data: {plugin_id, current_version, latest_version, repo_url, update_available, message}}\` with \`plugin_slug\`, \`checked\`, \`reason\` and \`last_update_check\`. ${CHECKS} Differs from BrainDrive: \`plugin_id\` is the plugin’s id (BrainDrive puts the slug there), and a slug that is not installed is 404 (BrainDrive answers 200 with \`update_available: false\`). ${NOTE_ID}`,
    tags,
    errorStyle: 'platform',
    params: PLUGIN_SLUG_PARAMS,
    notFoundDetail: 'Plugin not found',
    query: forceQuery,
    responses: {
      200: {
        description: 'The check',
        schema: z.object({ status: z.literal('success'), data: checkSchema.extend({ message: z.string() }) }),
      },
      404: notFoundResponse('Plugin not found'),
      422: validationResponse,
    },
    async handler({ params, query }, ports: UpdateCheckPorts) {
      const pluginSources = installSourcesOf(ports)
      const record = await requirePluginBySlugOrId(ports, params.plugin_slug)
      const check = await checkForUpdate({ ...ports, pluginSources }, record, { force: query.force })
      return { status: 200, body: { status: 'success', data: { ...check, message: checkMessage(check) } } }
    },
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/:plugin_slug/update`,
    operationId: 'updatePlugin',
    summary: 'Update a plugin to its newest version',
    description:
      'Installs the newest version from where the plugin came (the archive its update check names, its marketplace entry, its GitHub repository’s latest release, or the archive URL it was installed from) over the installed one, read and validated as an install is. The plugin keeps its id, enabled state, trust and its modules’ choices; the old version’s files stay until the new ones are stored, then go where nothing else uses them. A version that is not newer changes nothing (`data.updated: false`, as BrainDrive answers "already installed" with success). Answers BrainDrive’s `{status, message, data: {plugin_slug, plugin_id, previous_version, new_version}}` with `updated`, `warnings` and `plugin`. A plugin uploaded as a file has no source: 400, as BrainDrive answers a plugin without a source URL. ' +
      NOTE_ID +
      ' ' +
      JOBS_NOTE,
    tags,
    errorStyle: 'platform',
    params: PLUGIN_SLUG_PARAMS,
    notFoundDetail: 'Plugin not found',
    query: asyncQuery,
    responses: {
      200: {
        description: 'Updated, or already the newest',
        schema: z.object({
          status: z.literal('success'),
          message: z.string(),
          data: z.looseObject({
            plugin_slug: z.string(),
            plugin_id: z.string(),
            previous_version: z.string(),
            new_version: z.string(),
            updated: z.boolean(),
          }),
        }),
      },
      202: acceptedResponse,
      400: error('No source to update from, or the new package is not a valid plugin archive (the reason)'),
      404: notFoundResponse('Plugin not found'),
      413: error('The archive is larger than the limit'),
      422: validationResponse,
      502: error('The source could not be reached'),
    },
    async handler({ params, query, headers }, ports: UpdatePorts) {
      const sources = installSourcesOf(ports)
      // A slug not installed is 404 at once, not a failed job.
      const found = await requirePluginBySlugOrId(ports, params.plugin_slug)
      const slug = String(found.data.plugin_slug)
      const payload = { plugin_slug: slug, plugin_id: found.id }
      const respondAsync = wantsAsync(query, headers)
      return runPluginJob(ports, 'plugin_update', payload, respondAsync, async (onProgress, signal) => {
        // Read again when the job runs: a queued job may start after another update or an uninstall.
        const record = await requirePluginBySlugOrId(ports, params.plugin_slug)
        const pluginSources = withDownloadProgress(sources, onProgress, signal)
        const outcome = await updatePlugin({ ...ports, pluginSources }, record, { onProgress, signal })
        const updated = outcome.unchanged !== true
        return {
          status: 200,
          body: {
            status: 'success',
            message: updated
              ? `Plugin '${slug}' updated successfully`
              : `Plugin '${slug}' is already at the newest version (${outcome.previous_version})`,
            data: {
              plugin_slug: slug,
              plugin_id: record.id,
              previous_version: outcome.previous_version,
              new_version: outcome.new_version,
              updated,
              warnings: outcome.warnings,
              plugin: pluginView(outcome.plugin, outcome.modules),
            },
          },
        }
      })
    },
  }),
]
