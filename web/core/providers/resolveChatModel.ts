import { ApiError } from '../kernel/ApiError'
import type { GenerationPorts } from '../chat/GenerationPorts'
import type { HostPorts } from '../kernel/HostPorts'
import { anthropicChatModel } from '../generate/anthropicChatModel'
import type { ChatModel } from '../generate/ChatModel'
import { ollamaChatModel } from '../generate/ollamaChatModel'
import { openAiChatModel } from '../generate/openAiChatModel'
import { PROVIDERS, providerNamed, type ProviderName } from './providerCatalog'
import { pickServer, providerSettings } from './providerSettings'
import { serverView, type ProviderServer, type ProviderServerView } from './providerServers'
import type { RecordPorts } from '../records/platformRecords'

/** Which model of which configured server: what every caller of the registry names. */
export interface ChatModelRef {
  provider: ProviderName
  /** A setting instance id or a definition id (default: the provider's definition). */
  settings_id?: string | null
  /** A server of that setting (default: its first). */
  server_id?: string | null
  model: string
}

/**
 * The language model a reference names, built over the person's own server list and key (setting
 * instances under BrainDrive's definition ids, see providerCatalog) and the host's outbound fetch.
 * Builds only: nothing is requested until the model is used. Throws an ApiError: 400 for an unknown
 * provider, an empty model, WebLLM where the host cannot run it, or a provider without the key it
 * needs; 404 for an unknown settings id or server id (or no server configured).
 */
export async function resolveChatModel(
  ports: GenerationPorts & Pick<HostPorts, 'outboundFetch'> & RecordPorts,
  ref: ChatModelRef,
): Promise<ChatModel> {
  const provider = requireProvider(ref.provider)
  const model = ref.model?.trim() ?? ''
  if (model === '') throw ApiError.badRequest('Name a model (`model`)')
  if (provider === 'webllm') {
    const local = ports.generation.chatModel({ kind: 'webllm', model })
    if (!local) throw ApiError.badRequest(WEBLLM_UNAVAILABLE)
    return local
  }
  const { servers } = await providerSettings(ports, provider, ref.settings_id)
  return chatModelFor(ports, provider, pickServer(provider, servers, ref.server_id), model)
}

/** The name `/api/v1/ai/providers/all-models` gives WebLLM's one "server", the browser itself. */
export const WEBLLM_SERVER_NAME = 'This browser'

/**
 * The name of the server a reference picks, as BrainDrive stores it in a conversation that
 * `/api/v1/ai/providers/chat` creates (`server=provider_instance.server_name`, BrainDrive-Core
 * ai_providers.py): its Chat plugin finds the conversation's model again by server name and model
 * (BrainDriveChat.tsx getModelKey), so an id there would not find it. Errors as resolveChatModel's.
 */
export async function chatServerName(ports: RecordPorts, ref: ChatModelRef): Promise<string> {
  const provider = requireProvider(ref.provider)
  if (provider === 'webllm') return WEBLLM_SERVER_NAME
  const { servers } = await providerSettings(ports, provider, ref.settings_id)
  return pickServer(provider, servers, ref.server_id).serverName
}

export const WEBLLM_UNAVAILABLE =
  'WebLLM runs only in the browser, on the device: this host cannot run it. Choose Ollama, an OpenAI-compatible server or Anthropic.'

/**
 * The model of one server: the one implementation of each provider's wire protocol
 * (`web/core/generate/*ChatModel.ts`), with the host's outbound fetch. `model` may be '' for a
 * connection test (listModels needs none).
 */
export function chatModelFor(
  ports: Pick<HostPorts, 'outboundFetch'>,
  provider: Exclude<ProviderName, 'webllm'>,
  server: Pick<ProviderServer, 'serverAddress' | 'apiKey'>,
  model: string,
): ChatModel {
  const fetch = ports.outboundFetch
  const baseUrl = server.serverAddress
  const apiKey = server.apiKey === '' ? undefined : server.apiKey
  switch (provider) {
    case 'ollama':
      // Ollama itself takes no key; a proxy in front of it may, which ollamaChatModel does not send.
      return ollamaChatModel({ baseUrl, model, fetch })
    case 'openai':
      return openAiChatModel({ baseUrl, model, apiKey, fetch })
    case 'anthropic':
      if (!apiKey)
        throw ApiError.badRequest(`${PROVIDERS.anthropic.label} needs an API key: add it in Settings`)
      return anthropicChatModel({ baseUrl, model, apiKey, fetch })
  }
}

/** A provider name from a request (BrainDrive's `claude` included); 400 naming the known ones otherwise. */
export function requireProvider(name: string): ProviderName {
  const provider = providerNamed(String(name ?? ''))
  if (!provider) {
    throw ApiError.badRequest(
      `Unknown provider '${String(name)}': use one of ollama, openai, anthropic (or claude), webllm`,
    )
  }
  return provider
}

/**
 * The servers configured for a provider in the person's setting (its definition's first instance),
 * as `{id, serverName, serverAddress, hasKey}`: never a key. WebLLM has none ([]).
 */
export async function listProviderServers(
  ports: RecordPorts,
  provider: ProviderName,
): Promise<ProviderServerView[]> {
  const name = requireProvider(provider)
  if (name === 'webllm') return []
  const { servers } = await providerSettings(ports, name)
  return servers.map(serverView)
}
