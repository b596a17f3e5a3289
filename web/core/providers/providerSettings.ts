import { ApiError } from '../kernel/ApiError'
import { canonicalId } from '../records/recordId'
import { settingInstanceKind } from '../records/kinds/settingInstanceKind'
import type { StoredRecord } from '../store/StoredRecord'
import { PROVIDERS, type ProviderName } from './providerCatalog'
import { serversIn, type ProviderServer } from './providerServers'
import type { RecordPorts } from '../records/platformRecords'

/** A provider's setting instance (absent when none is saved yet) and the servers it holds. */
export interface ProviderSettings {
  instance?: StoredRecord
  servers: ProviderServer[]
}

/**
 * The setting a request's `settings_id` names for `provider`: an instance id (with or without
 * hyphens, as stored), or a definition id (BrainDrive's clients send `ollama_servers_settings`), whose
 * first instance is read, as BrainDrive reads it. Left out: the provider's own definition. The store
 * is the caller's own data space, so another person's ids are simply not found (404).
 */
export async function providerSettings(
  ports: RecordPorts,
  provider: ProviderName,
  settingsId?: string | null,
): Promise<ProviderSettings> {
  const info = PROVIDERS[provider]
  const id = settingsId?.trim() || info.definitionId
  if (!id) return { servers: [] }
  const instance = await findInstance(ports, id)
  if (instance) return { instance, servers: serversIn(provider, instance.data.value) }
  const [first] = await settingInstanceKind.list(ports, id)
  if (first) return { instance: first, servers: serversIn(provider, first.data.value) }
  if (id === info.definitionId) return { servers: [] }
  throw ApiError.notFound(
    `No settings with id '${id}': send a setting instance id or a definition id such as '${info.definitionId ?? 'ollama_servers_settings'}'`,
  )
}

async function findInstance(ports: RecordPorts, id: string): Promise<StoredRecord | undefined> {
  // Instance ids are UUIDs, which BrainDrive's clients also send without hyphens; a seeded
  // instance may have another id form, found as it is.
  return settingInstanceKind.find(ports, canonicalId(id) ?? id)
}

/**
 * The server a request names (`server_id`), or the only/first one when it names none. 404 when the
 * provider has no server configured, or none with that id (the detail lists the ones there are).
 */
export function pickServer(
  provider: ProviderName,
  servers: readonly ProviderServer[],
  serverId?: string | null,
): ProviderServer {
  const info = PROVIDERS[provider]
  if (servers.length === 0) {
    throw ApiError.notFound(
      info.defaultServerId
        ? `No ${info.label} API key or server is configured: add one in Settings`
        : `No ${info.label} server is configured: add one in Settings`,
    )
  }
  const wanted = serverId?.trim()
  if (!wanted) return servers[0]!
  const found = servers.find((server) => server.id === wanted)
  if (found) return found
  const available = servers.map((server) => `${server.serverName} (id ${server.id})`).join(', ')
  throw ApiError.notFound(`No ${info.label} server with id '${wanted}'. Configured: ${available}`)
}
