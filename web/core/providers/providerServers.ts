import { isPlainObject } from '../secrets/secretFields'
import { PROVIDERS, type ProviderName } from './providerCatalog'

/** One server of a provider as its setting stores it (BrainDrive's field names), key included. */
export interface ProviderServer {
  id: string
  serverName: string
  serverAddress: string
  apiKey: string
}

/** What may leave the host about a server: never its key, only whether it has one. */
export interface ProviderServerView {
  id: string
  serverName: string
  serverAddress: string
  hasKey: boolean
}

export function serverView(server: ProviderServer): ProviderServerView {
  const { id, serverName, serverAddress, apiKey } = server
  return { id, serverName, serverAddress, hasKey: apiKey !== '' }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** The key in an object, under BrainDrive's `apiKey` (servers) or `api_key` (key settings). */
function keyOf(value: Record<string, unknown>): string {
  return text(value.apiKey) || text(value.api_key)
}

/**
 * The servers a setting value holds for `provider`. A `servers` list (Ollama's form, allowed for every
 * provider) gives one server per item with an id and an address. For `openai` and `anthropic`,
 * BrainDrive's `{api_key}` form (with Quire's optional `base_url`, or BrainDrive's `server_url`) is one
 * more server first, under the provider's default server id, at its vendor address unless named.
 * Items without an id or an address are skipped: they cannot be asked for or reached.
 */
export function serversIn(provider: ProviderName, value: unknown): ProviderServer[] {
  const info = PROVIDERS[provider]
  // Some BrainDrive clients stored a JSON string, and some a bare key string.
  let parsed = value
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed)
    } catch {
      // Not JSON: a bare key.
    }
  }
  if (typeof parsed === 'string') parsed = info.defaultServerId ? { api_key: parsed } : {}
  if (!isPlainObject(parsed)) return []
  const servers: ProviderServer[] = []
  if (info.defaultServerId) {
    const apiKey = keyOf(parsed)
    const address = text(parsed.base_url) || text(parsed.server_url)
    if (apiKey !== '' || address !== '') {
      servers.push({
        id: info.defaultServerId,
        serverName: text(parsed.server_name) || `${info.label} API`,
        serverAddress: address || info.defaultAddress || '',
        apiKey,
      })
    }
  }
  const list = Array.isArray(parsed.servers) ? parsed.servers : []
  for (const item of list) {
    if (!isPlainObject(item)) continue
    const id = typeof item.id === 'number' ? String(item.id) : text(item.id)
    const serverAddress = text(item.serverAddress) || text(item.server_url) || text(item.base_url)
    if (id === '' || serverAddress === '') continue
    servers.push({
      id,
      serverName: text(item.serverName) || text(item.name) || id,
      serverAddress,
      apiKey: keyOf(item),
    })
  }
  return servers
}
