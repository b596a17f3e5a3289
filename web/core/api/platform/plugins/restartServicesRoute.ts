import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema } from '../../errorSchema'
import { defineRoute } from '../../Route'
import { readRuntimeServices } from '../../../plugins/manifest/runtimeServices'
import { resolveCallerId, userIdInput } from '../compat/callerUserId'
import type { RecordPorts } from '../../../records/platformRecords'
import { requirePluginBySlugOrId } from './pluginLookup'
import { slugParams } from './pluginSchemas'

/** What the plugin sends (Chat-With-Docs' ChatCollectionSettings.tsx:489): unknown fields, `env` included, are ignored. */
const restartBody = z.looseObject({
  definition_id: z.string().min(1).max(200),
  user_id: userIdInput.optional(),
  service_name: z.string().min(1).max(100).nullish(),
})

type RestartPorts = Pick<ApiPorts, 'currentUserId'> & RecordPorts

/**
 * `POST /api/v1/plugins/{slug}/services/restart`, which a plugin's settings page calls after the person
 * saves its settings ("Save & Restart"). BrainDrive restarts the plugin's Docker services in the
 * background; Quire runs no plugin code, so a service Quire provides (providedServices.ts) is Quire's
 * own, always running: its restart is done at once. A
 * service Quire does not provide was never started here, and saying it restarted would be a lie the
 * plugin then trusts, so that is a 409 naming it.
 */
export const restartServicesRoute = defineRoute({
  method: 'post',
  path: '/api/v1/plugins/:plugin_slug/services/restart',
  operationId: 'restartPluginServices',
  summary: 'Restart a plugin’s runtime services (those Quire provides are its own)',
  description: [
    'Body `{definition_id, user_id?, service_name?}` as BrainDrive reads it (`definition_id` required, 400',
    'without; `user_id` `current` or the caller’s id, another user’s is 403; `env` and other fields are',
    'ignored). The plugin is named by slug or id (404 `Plugin {slug} not found`). Its declared runtime',
    'services (`service_name`, else all of them) that Quire provides are answered as restarted:',
    '200 `{success: true, status: "success", message, restarted}`; Quire’s own service runs with',
    'Quire’s settings, so there is nothing to wait for. A named service the plugin does',
    'not declare is 404; one Quire does not provide (Quire never starts plugin services) is 409 naming it.',
    'A plugin with no runtime services answers 200 with `restarted: []`. Differs from BrainDrive, which',
    'answers `{success: true, message: "Restart initiated in the background"}` and restarts Docker',
    'containers.',
  ].join(' '),
  tags: ['Plugins'],
  params: slugParams,
  body: restartBody,
  responses: {
    200: {
      description: 'The provided services are running with the saved settings',
      schema: z.looseObject({
        success: z.literal(true),
        status: z.literal('success'),
        message: z.string(),
        restarted: z.array(z.string()),
      }),
    },
    400: { description: 'Invalid body (definition_id is required)', schema: errorSchema },
    403: { description: 'user_id names another user', schema: errorSchema },
    404: { description: 'Plugin, or its named service, not found', schema: errorSchema },
    409: { description: 'A service Quire does not provide (never started here)', schema: errorSchema },
  },
  async handler({ params, body }, ports: RestartPorts) {
    if (body.user_id !== undefined) await resolveCallerId(ports, body.user_id)
    const plugin = await requirePluginBySlugOrId(ports, params.plugin_slug)
    const declared = readRuntimeServices(plugin.data.required_services_runtime)
    const name = body.service_name ?? undefined
    const chosen = name === undefined ? declared : declared.filter((service) => service.name === name)
    if (name !== undefined && chosen.length === 0) {
      throw ApiError.notFound(`Plugin ${params.plugin_slug} declares no service named ${name}`)
    }
    const notProvided = chosen.filter((service) => !service.provided).map((service) => service.name)
    if (notProvided.length > 0) {
      throw new ApiError(
        409,
        `Quire does not run ${notProvided.join(', ')}: it starts no plugin services, so there is nothing to restart (run it yourself where the plugin's settings point)`,
      )
    }
    const restarted = chosen.map((service) => service.name)
    return {
      status: 200,
      body: {
        success: true as const,
        status: 'success' as const,
        message:
          restarted.length === 0
            ? `Plugin ${params.plugin_slug} has no runtime services to restart`
            : `${restarted.join(', ')} provided by Quire: always running, nothing to restart`,
        restarted,
      },
    }
  },
})
