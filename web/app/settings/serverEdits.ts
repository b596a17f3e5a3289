import type { ProviderValue, ServerEntry } from '../api/aiApi'

/** What the server form gives: the key typed ('' keeps the saved one), or a request to clear it. */
export interface ServerDraft {
  serverName: string
  serverAddress: string
  apiKey: string
  clearKey: boolean
}

/** Why an address cannot be saved, or null. The host checks again (and its outbound policy decides). */
export function addressProblem(address: string): string | null {
  const trimmed = address.trim()
  if (trimmed === '') return 'Enter the server’s address, such as http://localhost:11434'
  try {
    const url = new URL(trimmed)
    if (url.protocol === 'http:' || url.protocol === 'https:') return null
  } catch {
    // Fall through to the same sentence.
  }
  return 'The address must start with http:// or https://'
}

/** Whether a server read from the host has a key (reads carry `_has_key` and a mask, never the key). */
export function hasKey(entry: { apiKey?: unknown; api_key?: unknown; _has_key?: unknown }): boolean {
  if (typeof entry._has_key === 'boolean') return entry._has_key
  const key = entry.apiKey ?? entry.api_key
  return typeof key === 'string' && key !== ''
}

/**
 * The entry to write for a draft. Keys are write-only: the saved key is sent back as the mask the read
 * showed, which the host keeps while the server keeps its id and address (a key never follows a changed
 * address); `''` clears it; a typed key replaces it.
 */
export function serverEntry(id: string, draft: ServerDraft, previous?: ServerEntry): ServerEntry {
  const { _has_key: _flag, ...kept } = previous ?? ({} as Partial<ServerEntry>)
  const apiKey = draft.clearKey
    ? ''
    : draft.apiKey.trim() !== ''
      ? draft.apiKey.trim()
      : typeof previous?.apiKey === 'string'
        ? previous.apiKey
        : ''
  return {
    ...kept,
    id,
    serverName: draft.serverName.trim() || draft.serverAddress.trim(),
    serverAddress: draft.serverAddress.trim(),
    apiKey,
  }
}

/** The value with `entry` in place of the server with its id, or added at the end. */
export function withServer(value: ProviderValue, entry: ServerEntry): ProviderValue {
  const servers = value.servers ?? []
  const found = servers.some((server) => server.id === entry.id)
  return {
    ...value,
    servers: found ? servers.map((server) => (server.id === entry.id ? entry : server)) : [...servers, entry],
  }
}

export function withoutServer(value: ProviderValue, id: string): ProviderValue {
  return { ...value, servers: (value.servers ?? []).filter((server) => server.id !== id) }
}
