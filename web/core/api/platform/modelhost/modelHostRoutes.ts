import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import { errorSchema } from '../../errorSchema'
import { defineRoute, type Route } from '../../Route'
import type { ModelHostPorts } from '../../../modelhost/ModelInstalls'
import { CONNECTION_TEST_TIMEOUT_MS, withinConnectionTest } from '../../../generate/connectionTest'
import { ollamaDelete, ollamaModels, ollamaVersion, sameModel } from '../../../modelhost/ollamaHost'
import { notFoundResponse, outboundRefusedResponse, validationResponse } from '../platformErrors'
import {
  deleteBody,
  installAnswerSchema,
  installBody,
  installTaskSchema,
  ollamaModelSchema,
  serverQuery,
  taskParams,
} from './modelHostSchemas'
import { modelHostError } from './modelHostErrors'
import { taskEventStream } from './taskEventStream'

const BASE = '/api/v1/modelhost'
const tags = ['Local model host']
const TASK_NOT_FOUND = 'Task not found'
const upstream = {
  description:
    'The Ollama server could not be reached or refused (worded: connection refused, refused by the server’s outbound policy, Ollama’s own error; in the browser, how to allow this page with OLLAMA_ORIGINS)',
  schema: errorSchema,
}
/** The failures of a call to the Ollama server a body names: the body, the outbound policy, the server. */
const serverBodyErrors = { 400: outboundRefusedResponse, 422: validationResponse, 502: upstream }
const NOTE =
  'The spec’s `modelhost` segment stands for BrainDrive’s `ollama`. The server reaches the URL through its outbound policy (in multi-user mode private addresses only when OUTBOUND_ALLOW lists them; an address it refuses answers 400 naming the rule, not the 502 of a server that is down); the browser reaches it directly from the API worker, so Ollama must allow this page’s origin (`OLLAMA_ORIGINS`).'

/** The host's model host (its Ollama fetch and installs; absent: 503) and how long a test or model list may take. */
type ModelHostRoutePorts = Pick<ApiPorts, 'modelHost' | 'limits'>

function modelHost(ports: Pick<ApiPorts, 'modelHost'>): ModelHostPorts {
  if (!ports.modelHost) throw new ApiError(503, 'This host has no local model host')
  return ports.modelHost
}

function server(host: ModelHostPorts, input: { server_url: string; api_key?: string | undefined }) {
  return { baseUrl: input.server_url, apiKey: input.api_key, fetch: host.fetch }
}

/** A connection test or a model list, within CONNECTION_TEST_TIMEOUT_MS (or the host's shorter one). */
function quickly<T>(
  ports: Pick<ApiPorts, 'limits'>,
  baseUrl: string,
  ask: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  return withinConnectionTest(
    ports.limits.connectionTestMs ?? CONNECTION_TEST_TIMEOUT_MS,
    `Ollama at ${baseUrl}`,
    ask,
  )
}

async function requireTask(host: ModelHostPorts, taskId: string) {
  const task = await host.installs.get(taskId)
  if (!task) throw ApiError.notFound(TASK_NOT_FOUND)
  return task
}

/**
 * The connection test and the model list reach a server the caller names, so each is a POST with
 * `{server_url, api_key}` in the body; the GET that BrainDrive's plugin calls stays, with the key in
 * the `X-Api-Key` header (a query string ends up in logs and history: `api_key` there is 400), and
 * the server refuses it from another site's page (`crossSiteReads`), since a GET can be sent by any
 * page (`<img src>`).
 */
function reachingRoutes<T>(spec: {
  path: string
  operationId: string
  summary: string
  description: string
  answer: z.ZodType
  ask: (target: ReturnType<typeof server>, signal: AbortSignal) => Promise<T>
  respond: (value: T) => unknown
}): Route[] {
  const common = {
    summary: spec.summary,
    tags,
    errorStyle: 'platform' as const,
    responses: {
      200: { description: 'It answered', schema: spec.answer },
      422: validationResponse,
      400: {
        description:
          'The server’s outbound policy does not reach that address (the detail names the rule), or `api_key` was sent in the query',
        schema: errorSchema,
      },
      502: upstream,
    },
  }
  const run = async (input: z.output<typeof serverQuery>, ports: ModelHostRoutePorts) => {
    const host = modelHost(ports)
    try {
      const value = await quickly(ports, input.server_url, (signal) => spec.ask(server(host, input), signal))
      return { status: 200, body: spec.respond(value) }
    } catch (error) {
      throw modelHostError(error, host.corsOrigin)
    }
  }
  return [
    defineRoute({
      ...common,
      method: 'get',
      path: spec.path,
      operationId: spec.operationId,
      reachesOut: true,
      description: `${spec.description} The same as the POST; an API key goes in the \`X-Api-Key\` header (in the query: 400). Refused (403) when another site's page sends it. ${NOTE}`,
      query: serverQuery,
      async handler({ query, headers }, ports: ModelHostRoutePorts) {
        if (query.api_key !== undefined) throw ApiError.badRequest(API_KEY_IN_QUERY)
        return run({ server_url: query.server_url, api_key: headers['x-api-key'] || undefined }, ports)
      },
    }),
    defineRoute({
      ...common,
      method: 'post',
      path: spec.path,
      operationId: `${spec.operationId}Post`,
      description: `${spec.description} \`api_key\` (optional) goes in the body. ${NOTE}`,
      body: serverQuery,
      async handler({ body }, ports: ModelHostRoutePorts) {
        return run(body, ports)
      },
    }),
  ]
}

const API_KEY_IN_QUERY =
  'api_key is not accepted in the query string (it would be kept in logs and history): send it in the X-Api-Key header, or POST {server_url, api_key} in the body'

const specRoutes: Route[] = [
  ...reachingRoutes({
    path: `${BASE}/test`,
    operationId: 'testModelHost',
    summary: 'Test the connection to an Ollama server',
    description:
      'Asks the server for its version (`GET /api/version`); no answer within 15 s is a 502 saying so.',
    answer: z.object({ status: z.literal('success'), version: z.string() }),
    ask: (target, signal) => ollamaVersion(target, signal),
    respond: (version) => ({ status: 'success', version }),
  }),
  ...reachingRoutes({
    path: `${BASE}/models`,
    operationId: 'listModelHostModels',
    summary: 'The models installed on an Ollama server',
    description:
      'Ollama’s `GET /api/tags` list, as a bare array as BrainDrive answers it; no answer within 15 s is a 502 saying so.',
    answer: z.array(ollamaModelSchema),
    ask: (target, signal) => ollamaModels(target, signal),
    respond: (models) => models,
  }),
  defineRoute({
    method: 'post',
    path: `${BASE}/install`,
    operationId: 'installModelHostModel',
    summary: 'Install a model on an Ollama server, as a task with progress',
    description: `Starts Ollama’s \`POST /api/pull\` as a task and answers at once with its \`task_id\` (on the server an \`ollama.install\` job, BrainDrive’s job type, also in \`/api/v1/jobs\` where BrainDrive’s Ollama plugin finds it by that type; jobs stored under Quire’s earlier name, \`model_install\`, still run; in the browser a task in memory). Follow it with \`GET .../install/{task_id}\` or its event stream. A second install of the same model on the same server while one runs joins it (\`deduped: true\`, the same task). A model that is installed already (and \`force_reinstall\` not set) is answered at once with \`already_installed: true\` and no task. ${NOTE}`,
    tags,
    errorStyle: 'platform',
    body: installBody,
    responses: {
      200: { description: 'The task, or `already_installed`', schema: installAnswerSchema },
      ...serverBodyErrors,
    },
    async handler({ body }, ports: ModelHostRoutePorts) {
      const host = modelHost(ports)
      const target = server(host, body)
      if (!body.force_reinstall) {
        let installed: boolean
        try {
          installed = (await ollamaModels(target)).some((model) => sameModel(model.name, body.name))
        } catch (error) {
          // The pull would fail the same way: say so now rather than through a task that fails.
          throw modelHostError(error, host.corsOrigin)
        }
        if (installed) {
          const message = `${body.name} is already installed on ${body.server_url}`
          return {
            status: 200,
            body: {
              task_id: null,
              deduped: false,
              already_installed: true,
              already_exists: true,
              task: null,
              state: 'completed',
              message,
            },
          }
        }
      }
      const { task, deduped } = await host.installs.start({
        name: body.name,
        serverBase: body.server_url,
        apiKey: body.api_key,
      })
      return {
        status: 200,
        body: {
          task_id: task.task_id,
          deduped,
          already_installed: false,
          already_exists: false,
          task,
          state: task.state,
          message: deduped ? `Joined the install of ${task.name} under way` : task.message,
        },
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/install/:task_id`,
    operationId: 'getModelHostInstall',
    summary: 'An install’s status: stage, percent, bytes, error',
    tags,
    errorStyle: 'platform',
    params: taskParams,
    notFoundDetail: TASK_NOT_FOUND,
    responses: {
      200: { description: 'The task', schema: installTaskSchema },
      404: notFoundResponse(TASK_NOT_FOUND),
    },
    async handler({ params }, ports: ModelHostRoutePorts) {
      return { status: 200, body: await requireTask(modelHost(ports), params.task_id) }
    },
  }),
  defineRoute({
    method: 'get',
    path: `${BASE}/install/:task_id/events`,
    operationId: 'streamModelHostInstall',
    summary: 'An install’s progress as server-sent events',
    description:
      'Each event is `data: {task}` (the status object, no event name, as BrainDrive sends them): the current state first, then each change of stage or percent, ending after the terminal one (`completed`, `failed` or `cancelled`). Leaving the stream does not stop the install.',
    tags,
    errorStyle: 'platform',
    params: taskParams,
    notFoundDetail: TASK_NOT_FOUND,
    responses: {
      200: { description: 'The event stream', contentType: 'text/event-stream' },
      404: notFoundResponse(TASK_NOT_FOUND),
    },
    async handler({ params }, ports: ModelHostRoutePorts) {
      const host = modelHost(ports)
      await requireTask(host, params.task_id)
      return taskEventStream((signal) => host.installs.watch(params.task_id, signal))
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/install/:task_id`,
    operationId: 'cancelModelHostInstall',
    summary: 'Cancel an install',
    description:
      'Closes the pull’s request to Ollama (which stops downloading); the task ends `cancelled`. A task that has ended already answers its state.',
    tags,
    errorStyle: 'platform',
    params: taskParams,
    notFoundDetail: TASK_NOT_FOUND,
    responses: {
      200: {
        description: 'Cancelling, or the state it ended in',
        schema: z.object({ task_id: z.string(), state: z.string(), task: installTaskSchema }),
      },
      404: notFoundResponse(TASK_NOT_FOUND),
    },
    async handler({ params }, ports: ModelHostRoutePorts) {
      const host = modelHost(ports)
      const before = await requireTask(host, params.task_id)
      const task = (await host.installs.cancel(params.task_id)) ?? before
      const state = before.status === 'pending' || before.status === 'running' ? 'canceling' : task.state
      return { status: 200, body: { task_id: task.task_id, state, task } }
    },
  }),
  defineRoute({
    method: 'delete',
    path: `${BASE}/delete`,
    operationId: 'deleteModelHostModel',
    summary: 'Delete a model from an Ollama server',
    description: `Ollama’s \`DELETE /api/delete\`. 404 when Ollama does not have the model. ${NOTE}`,
    tags,
    errorStyle: 'platform',
    body: deleteBody,
    responses: {
      200: {
        description: 'Deleted',
        schema: z.object({ status: z.literal('success'), data: z.object({ name: z.string() }) }),
      },
      404: { description: 'Ollama has no such model', schema: errorSchema },
      ...serverBodyErrors,
    },
    async handler({ body }, ports: ModelHostRoutePorts) {
      const host = modelHost(ports)
      try {
        await ollamaDelete(server(host, body), body.name)
      } catch (error) {
        throw modelHostError(error, host.corsOrigin, true)
      }
      return { status: 200, body: { status: 'success', data: { name: body.name } } }
    },
  }),
]

/**
 * The same routes at BrainDrive's own segment, `/api/v1/ollama/*`, where its Ollama plugin
 * (BrainDrive-Ollama-Plugin `ComponentOllamaServer.tsx`) calls them: test, models, install with its
 * status and events, delete. It runs unchanged against Quire.
 */
const braindriveRoutes: Route[] = specRoutes.map((route) => ({
  ...route,
  path: route.path.replace(BASE, '/api/v1/ollama'),
  operationId: `${route.operationId}Ollama`,
  summary: `${route.summary} (BrainDrive’s path)`,
  description: `The same as \`${route.method.toUpperCase()} ${route.path}\`, at the path BrainDrive’s Ollama plugin calls.`,
}))

export const modelHostRoutes: Route[] = [...specRoutes, ...braindriveRoutes]
