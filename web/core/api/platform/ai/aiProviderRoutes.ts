import { z } from 'zod'
import { ApiError } from '../../../kernel/ApiError'
import type { ApiPorts } from '../../ApiPorts'
import type { RecordPorts } from '../../../records/platformRecords'
import { errorSchema } from '../../errorSchema'
import { defineRoute } from '../../Route'
import { generatorFailure } from '../../generatorFailure'
import { CONNECTION_TEST_TIMEOUT_MS, withinConnectionTest } from '../../../generate/connectionTest'
import { PROVIDERS, type ProviderName } from '../../../providers/providerCatalog'
import { pickServer, providerSettings } from '../../../providers/providerSettings'
import type { ProviderServer } from '../../../providers/providerServers'
import { chatModelFor, WEBLLM_SERVER_NAME, WEBLLM_UNAVAILABLE } from '../../../providers/resolveChatModel'
import { validationResponse } from '../platformErrors'
import { modelEntrySchema, modelsQuery, validateBody } from './aiSchemas'

const tags = ['AI providers']
const BASE = '/api/v1/ai/providers'

/**
 * Listing and trying providers: the person's servers (setting records), WebLLM through the generation,
 * the outbound fetch and the connection test's time; a server that fails to list its models is logged.
 */
type AiProviderPorts = Pick<ApiPorts, 'generation' | 'limits' | 'outboundFetch' | 'logError'> & RecordPorts

/** A provider that failed: 502 (down, wrong key), or 400 when the outbound policy will not reach it. */
export const providerFailure = generatorFailure

/**
 * Whether this host runs WebLLM: it lists models it can run on the device (the browser); the server
 * lists none. Asked through the list, not by building a model: the browser keeps one WebLLM model
 * loaded, and building another would drop it.
 */
async function hasWebLlm(ports: Pick<ApiPorts, 'generation'>): Promise<boolean> {
  return (await ports.generation.localModels()).length > 0
}

type ModelEntry = z.infer<typeof modelEntrySchema>

/**
 * The models of one server (`model` '' builds a model only to list), within the connection test's
 * time (CONNECTION_TEST_TIMEOUT_MS): all-models waits for every server.
 */
async function listWithin(
  ports: Pick<ApiPorts, 'outboundFetch' | 'limits'>,
  provider: Exclude<ProviderName, 'webllm'>,
  server: Pick<ProviderServer, 'serverAddress' | 'apiKey'>,
): Promise<string[]> {
  return withinConnectionTest(
    ports.limits.connectionTestMs ?? CONNECTION_TEST_TIMEOUT_MS,
    `${PROVIDERS[provider].label} at ${server.serverAddress}`,
    (signal) => chatModelFor(ports, provider, server, '').listModels({ signal }),
    'list its models',
  )
}

async function serverModels(
  ports: Pick<ApiPorts, 'outboundFetch' | 'limits'>,
  provider: Exclude<ProviderName, 'webllm'>,
  settingsId: string | null,
  server: ProviderServer,
): Promise<ModelEntry[]> {
  const names = await listWithin(ports, provider, server)
  return names.map((name) => ({
    id: name,
    name,
    provider,
    settings_id: settingsId,
    server_id: server.id,
    server_name: server.serverName,
  }))
}

async function webLlmModels(ports: Pick<ApiPorts, 'generation'>): Promise<ModelEntry[]> {
  return (await ports.generation.localModels()).map((model) => ({
    id: model.id,
    name: model.id,
    provider: 'webllm',
    settings_id: null,
    server_id: null,
    server_name: WEBLLM_SERVER_NAME,
  }))
}

const providersRoute = defineRoute({
  method: 'get',
  path: `${BASE}/providers`,
  operationId: 'listAiProviders',
  summary: 'The providers of the registry',
  description: [
    '`providers`: the names this host can use (BrainDrive’s field): `ollama`, `openai` (any',
    'OpenAI-compatible server), `anthropic`, and `webllm` where the host runs models on the device (the',
    'browser). `details` (Quire’s) gives each one’s label, its setting definition (`settings_id`), the',
    'default server id of BrainDrive’s one-key form, and `available` with a `reason` when it is not.',
    'Differs from BrainDrive: its providers are ollama, openai, openrouter, claude and groq; `claude` is',
    'accepted everywhere as `anthropic`, and OpenRouter or Groq are OpenAI-compatible servers here.',
  ].join(' '),
  tags,
  errorStyle: 'platform',
  responses: {
    200: {
      description: 'Providers',
      schema: z.object({
        providers: z.array(z.string()),
        details: z.array(z.record(z.string(), z.unknown())),
      }),
    },
  },
  async handler(_input, ports: AiProviderPorts) {
    const webllm = await hasWebLlm(ports)
    const details = Object.values(PROVIDERS).map((info) => ({
      id: info.name,
      label: info.label,
      settings_id: info.definitionId ?? null,
      default_server_id: info.defaultServerId ?? null,
      available: info.name !== 'webllm' || webllm,
      ...(info.name === 'webllm' && !webllm ? { reason: WEBLLM_UNAVAILABLE } : {}),
    }))
    return {
      status: 200,
      body: { providers: details.filter((d) => d.available).map((d) => d.id), details },
    }
  },
})

const validateRoute = defineRoute({
  method: 'post',
  path: `${BASE}/validate`,
  operationId: 'validateAiProvider',
  summary: 'Test a connection to a provider',
  description: [
    'A real connection test: lists the models at `config.server_url` (default: the provider’s vendor',
    'address; Ollama’s `http://localhost:11434`) with `config.api_key`. Answers 200 `{valid: true,',
    'status: "connected", message, models}` or `{valid: false, status: "error", message}` with the reason',
    '(could not reach it, 401/403 with "Check the API key", an answer that is not that kind of server);',
    'the key is never quoted back. On the sync server the URL goes through the outbound policy: in',
    'multi-user mode a private or loopback address is refused, and the reason says so. `webllm` is valid',
    'where the host runs it. A `server_url` that is not http(s) is a 422. A server that does not list',
    'its models within 15 s fails the test (as in `/models` and `/all-models`).',
  ].join(' '),
  tags,
  errorStyle: 'platform',
  body: validateBody,
  responses: {
    200: {
      description: 'The result of the test',
      schema: z.looseObject({ valid: z.boolean(), status: z.string(), message: z.string() }),
    },
    422: validationResponse,
  },
  async handler({ body }, ports: AiProviderPorts) {
    const { provider } = body
    if (provider === 'webllm') {
      const valid = await hasWebLlm(ports)
      return {
        status: 200,
        body: {
          valid,
          status: valid ? 'connected' : 'error',
          message: valid ? 'WebLLM runs in this browser' : WEBLLM_UNAVAILABLE,
        },
      }
    }
    const info = PROVIDERS[provider]
    const serverAddress = body.config?.server_url ?? info.defaultAddress ?? 'http://localhost:11434'
    const apiKey = body.config?.api_key?.trim() ?? ''
    try {
      const models = await listWithin(ports, provider, { serverAddress, apiKey })
      return {
        status: 200,
        body: {
          valid: true,
          status: 'connected',
          message: `Connected to ${info.label} at ${serverAddress}: ${models.length} model${models.length === 1 ? '' : 's'}`,
          models,
        },
      }
    } catch (error) {
      const failure = providerFailure(error)
      if (!(failure instanceof ApiError)) throw failure
      return { status: 200, body: { valid: false, status: 'error', message: String(failure.detail) } }
    }
  },
})

const modelsRoute = defineRoute({
  method: 'get',
  path: `${BASE}/models`,
  operationId: 'listAiProviderModels',
  summary: 'The models of one configured server',
  description: [
    'Lists the models of the server `server_id` (default: the first) in the setting `settings_id` (a',
    'setting instance id, or a definition id such as `ollama_servers_settings`, whose instance is read;',
    'default: the provider’s). `{models: [{id, name, provider, settings_id, server_id, server_name}]}`.',
    '404 for an unknown settings id or server id (the detail lists the configured servers) or when the',
    'provider has no server; 502 with the reason when the server fails (unreachable, wrong key, not that',
    'kind of server); 400 naming the rule when the server’s outbound policy does not reach its address. Differs from BrainDrive: an unknown `server_id` is a 404 (BrainDrive falls back to',
    'the first server), and `settings_id`/`server_id` are optional.',
  ].join(' '),
  tags,
  errorStyle: 'platform',
  query: modelsQuery,
  responses: {
    200: { description: 'Models', schema: z.object({ models: z.array(modelEntrySchema) }) },
    404: { description: 'Unknown settings or server id', schema: errorSchema },
    422: validationResponse,
    400: {
      description:
        'WebLLM off the browser, or an address the server’s outbound policy does not reach (the detail names the rule)',
      schema: errorSchema,
    },
    502: { description: 'The server failed', schema: errorSchema },
  },
  async handler({ query }, ports: AiProviderPorts) {
    const { provider } = query
    if (provider === 'webllm') {
      if (!(await hasWebLlm(ports))) throw ApiError.badRequest(WEBLLM_UNAVAILABLE)
      return { status: 200, body: { models: await webLlmModels(ports) } }
    }
    const { instance, servers } = await providerSettings(ports, provider, query.settings_id)
    const server = pickServer(provider, servers, query.server_id)
    try {
      const settingsId = instance?.id ?? PROVIDERS[provider].definitionId ?? null
      return { status: 200, body: { models: await serverModels(ports, provider, settingsId, server) } }
    } catch (error) {
      throw providerFailure(error)
    }
  },
})

const allModelsRoute = defineRoute({
  method: 'get',
  path: `${BASE}/all-models`,
  operationId: 'listAllAiModels',
  summary: 'The models of every configured server of every provider',
  description: [
    'Asks every server of every provider’s setting at once. One server failing does not hide the',
    'others: its error is listed in `errors` (BrainDrive’s strings) and in `server_errors` (Quire’s',
    '`{provider, settings_id, server_id, server_name, detail}`), and the models of the rest are',
    'answered. Also `total_count`, `successful_providers` (servers that answered) and `summary`, as',
    'BrainDrive answers. WebLLM’s models are listed where the host runs it.',
  ].join(' '),
  tags,
  errorStyle: 'platform',
  query: z.object({ user_id: z.string().optional() }),
  responses: {
    200: {
      description: 'Models and errors',
      schema: z.looseObject({
        models: z.array(modelEntrySchema),
        errors: z.array(z.string()),
        server_errors: z.array(z.record(z.string(), z.unknown())),
      }),
    },
  },
  async handler(_input, ports: AiProviderPorts) {
    const sources: Array<{
      provider: Exclude<ProviderName, 'webllm'>
      settings_id: string | null
      server: ProviderServer
    }> = []
    for (const provider of ['ollama', 'openai', 'anthropic'] as const) {
      const { instance, servers } = await providerSettings(ports, provider)
      const settingsId = instance?.id ?? null
      for (const server of servers) sources.push({ provider, settings_id: settingsId, server })
    }
    // Every server is asked only once all are known, and allSettled takes each promise at once: a
    // server asked while the next provider's setting was still being read could fail before anything
    // awaited it, an unhandled rejection (the browser's console showed one per unreachable server).
    const results = await Promise.allSettled(
      sources.map((source) =>
        Promise.resolve().then(() => serverModels(ports, source.provider, source.settings_id, source.server)),
      ),
    )
    const models: ModelEntry[] = []
    const serverErrors: Array<Record<string, unknown>> = []
    results.forEach((result, index) => {
      const source = sources[index]!
      if (result.status === 'fulfilled') {
        models.push(...result.value)
        return
      }
      const failure = providerFailure(result.reason)
      if (!(failure instanceof ApiError)) ports.logError(result.reason)
      const detail = failure instanceof ApiError ? String(failure.detail) : 'The server could not be asked'
      serverErrors.push({
        provider: source.provider,
        settings_id: source.settings_id,
        server_id: source.server.id,
        server_name: source.server.serverName,
        detail,
      })
    })
    if (await hasWebLlm(ports)) models.push(...(await webLlmModels(ports)))
    const answered = results.filter((r) => r.status === 'fulfilled').length
    return {
      status: 200,
      body: {
        models,
        total_count: models.length,
        successful_providers: answered,
        errors: serverErrors.map(
          (e) =>
            `Failed to load models from ${String(e.provider)} server ${String(e.server_id)}: ${String(e.detail)}`,
        ),
        server_errors: serverErrors,
        summary: {
          total_providers_checked: sources.length,
          successful_providers: answered,
          failed_providers: serverErrors.length,
          total_models: models.length,
        },
      },
    }
  },
})

export const aiProviderRoutes = [providersRoute, validateRoute, modelsRoute, allModelsRoute]
