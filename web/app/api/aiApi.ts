import { announceSettingChange } from '../plugins/runtime/pluginSettings'
import { requestJson } from './requestJson'

/** The providers Settings lists servers for (the registry's, less WebLLM, which has its own picker). */
export type ServerProvider = 'ollama' | 'openai' | 'anthropic'

/**
 * Where each provider keeps its servers: a setting instance under BrainDrive's definition id (the one
 * `/api/v1/ai/providers/*` reads, see web/core/providers/providerCatalog). Ollama and OpenAI-compatible
 * servers are a `servers` list; Anthropic is one key (`{api_key}`).
 */
export const PROVIDER_SETTINGS: Record<ServerProvider, string> = {
  ollama: 'ollama_servers_settings',
  openai: 'openai_api_keys_settings',
  anthropic: 'claude_api_keys_settings',
}

/**
 * One server as a read shows it. `apiKey` is write-only: a read carries the mask (`…abcd`, or '' when
 * none), and `_has_key` says whether one is set; sending the mask back keeps the key, `''` clears it.
 */
export interface ServerEntry {
  id: string
  serverName: string
  serverAddress: string
  apiKey?: string
  _has_key?: boolean
  [field: string]: unknown
}

/** A provider's stored value: its servers, and for key providers BrainDrive's `{api_key}` beside them. */
export interface ProviderValue {
  servers?: ServerEntry[]
  api_key?: string
  _has_key?: boolean
  [field: string]: unknown
}

interface SettingInstance {
  id: string
  value: unknown
}

function asValue(value: unknown): ProviderValue {
  if (typeof value === 'string') {
    try {
      return asValue(JSON.parse(value))
    } catch {
      return {}
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ProviderValue) : {}
}

const query = (provider: ServerProvider) =>
  new URLSearchParams({ definition_id: PROVIDER_SETTINGS[provider], scope: 'user', user_id: 'current' })

/** The provider's setting as stored (keys masked); `{}` when none is saved yet. */
export async function getProviderValue(
  provider: ServerProvider,
  signal?: AbortSignal,
): Promise<ProviderValue> {
  const instances = await requestJson<SettingInstance[]>(`/api/v1/settings/instances?${query(provider)}`, {
    signal,
  })
  return asValue(instances[0]?.value)
}

/**
 * Saves the provider's whole value over the stored one (BrainDrive's settings write: one instance per
 * definition and person). Masked keys sent back are kept while a server keeps its id and address.
 */
export async function saveProviderValue(
  provider: ServerProvider,
  value: ProviderValue,
): Promise<ProviderValue> {
  const saved = await requestJson<SettingInstance>('/api/v1/settings/instances', {
    method: 'POST',
    body: {
      definition_id: PROVIDER_SETTINGS[provider],
      name: PROVIDER_SETTINGS[provider],
      value,
      scope: 'user',
      user_id: 'current',
    },
  })
  // Modules subscribed to the setting or its category hear it (the value as reads show it: keys masked).
  announceSettingChange(PROVIDER_SETTINGS[provider], saved.value)
  return asValue(saved.value)
}

/** A model of `GET /api/v1/ai/providers/all-models`, as BrainDrive's Chat plugin reads it. */
export interface ProviderModel {
  id: string
  name: string
  provider: string
  server_id: string
  server_name: string
}

/** A server whose models could not be listed, and why. */
export interface ModelListError {
  provider: string
  server_id: string
  server_name: string
  detail: string
}

export interface AllModels {
  models: ProviderModel[]
  errors: ModelListError[]
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** One error entry: Quire's object form, or BrainDrive's plain sentence. */
function readError(entry: unknown): ModelListError {
  if (typeof entry === 'string') return { provider: '', server_id: '', server_name: '', detail: entry }
  const item = (entry ?? {}) as Record<string, unknown>
  return {
    provider: text(item.provider),
    server_id: text(item.server_id),
    server_name: text(item.server_name),
    detail: text(item.detail) || text(item.error) || text(item.message) || 'The models could not be listed.',
  }
}

/** Every model of every configured server; a server that failed is in `errors`, the others still listed. */
export async function getAllModels(signal?: AbortSignal): Promise<AllModels> {
  // Quire's `server_errors` name the server; BrainDrive's `errors` are sentences (read where alone).
  const body = await requestJson<{ models?: unknown[]; errors?: unknown[]; server_errors?: unknown[] }>(
    '/api/v1/ai/providers/all-models',
    { signal },
  )
  const models = (body.models ?? []).map((entry) => {
    const item = (entry ?? {}) as Record<string, unknown>
    const name = text(item.name) || text(item.id)
    return {
      id: text(item.id) || name,
      name,
      provider: text(item.provider),
      server_id: text(item.server_id),
      server_name: text(item.server_name) || text(item.server_id),
    }
  })
  return {
    models: models.filter((model) => model.name !== ''),
    errors: (body.server_errors ?? body.errors ?? []).map(readError),
  }
}

/**
 * A real connection test of one saved server (`GET /api/v1/ai/providers/models`: it asks the server for
 * its models with the stored key). Rejects with an ApiRequestError whose detail says why.
 */
export async function listServerModels(
  provider: ServerProvider,
  serverId: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const params = new URLSearchParams({
    provider,
    settings_id: PROVIDER_SETTINGS[provider],
    server_id: serverId,
  })
  const body = await requestJson<{ models?: unknown[] }>(`/api/v1/ai/providers/models?${params}`, { signal })
  return (body.models ?? []).map((entry) => {
    if (typeof entry === 'string') return entry
    const item = (entry ?? {}) as Record<string, unknown>
    return text(item.name) || text(item.id)
  })
}
