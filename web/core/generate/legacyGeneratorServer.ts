import type { GeneratorSettings, ProviderGeneratorSettings } from './GeneratorSettings'
import { openAiEndpoint } from './serverGeneratorKey'

/** A server of the provider registry as a picker sees it (never its key). */
export interface RegistryServerRef {
  provider: string
  settings_id?: string
  id: string
  serverAddress: string
}

/** Where a generator saved before the registry sends its requests, in the registry's terms. */
export interface LegacyGeneratorServer {
  provider: 'openai' | 'ollama'
  serverAddress: string
  model: string
}

/** The server an `openai`/`ollama` generator with its own `base_url` names; undefined for other kinds. */
export function legacyGeneratorServer(settings: GeneratorSettings): LegacyGeneratorServer | undefined {
  if (settings.kind !== 'openai' && settings.kind !== 'ollama') return undefined
  return { provider: settings.kind, serverAddress: settings.base_url, model: settings.model }
}

/**
 * The registry's form of a generator saved before the registry, when one of the person's servers is
 * the same endpoint (same provider; the address normalised as the model normalises it: `/v1` for
 * OpenAI-compatible servers, case, default port, trailing slashes): Settings shows the saved choice as
 * that server's model, and saving it again stores the registry form, so the server's key and address
 * in the registry are used from then on. Undefined when no server matches (the saved choice then stays
 * as it is and still answers).
 */
export function registryFormOf(
  settings: GeneratorSettings,
  servers: readonly RegistryServerRef[],
): ProviderGeneratorSettings | undefined {
  const legacy = legacyGeneratorServer(settings)
  if (!legacy) return undefined
  const endpoint = endpointOf(legacy.provider, legacy.serverAddress)
  if (endpoint === undefined) return undefined
  const match = servers.find(
    (server) =>
      server.provider === legacy.provider && endpointOf(legacy.provider, server.serverAddress) === endpoint,
  )
  if (!match) return undefined
  return {
    kind: 'provider',
    provider: legacy.provider,
    ...(match.settings_id ? { settings_id: match.settings_id } : {}),
    server_id: match.id,
    model: legacy.model,
  }
}

function endpointOf(provider: 'openai' | 'ollama', address: string): string | undefined {
  if (provider === 'openai') return openAiEndpoint(address)
  try {
    return new URL(address).href.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}
