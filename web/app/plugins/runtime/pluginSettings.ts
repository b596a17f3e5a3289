import { requestJson } from '../../api/requestJson'

/**
 * The settings service's work on the person's settings, shared by every module host and the app's own
 * settings (the theme): read and save a setting's user-scope value, and tell everyone on this page and
 * in the app's other tabs that one changed, so subscribers (`settings.subscribe`, the frames' mirrors,
 * the app's theme) hear it, as BrainDrive's SettingsService notifies its subscribers after setSetting.
 */
type SettingListener = (id: string, value: unknown) => void
const listeners = new Set<SettingListener>()
let channel: BroadcastChannel | undefined

function tell(id: string, value: unknown): void {
  for (const listener of [...listeners]) listener(id, value)
}

function tabs(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel
  channel = new BroadcastChannel('quire-setting-changes')
  channel.onmessage = (event: MessageEvent<{ id?: unknown; value?: unknown }>) => {
    if (typeof event.data.id === 'string') tell(event.data.id, event.data.value)
  }
  return channel
}

export function onSettingChange(listener: SettingListener): () => void {
  tabs()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function announceSettingChange(id: string, value: unknown): void {
  tell(id, value)
  tabs()?.postMessage({ id, value })
}

/** The value of the person's instance of `id`, or undefined when there is none (BrainDrive's getSetting). */
export async function readSetting(id: string): Promise<unknown> {
  const query = new URLSearchParams({ definition_id: id, scope: 'user', user_id: 'current' })
  const instances = await requestJson<unknown>(`/api/v1/settings/instances?${query}`)
  const first: unknown = Array.isArray(instances) ? instances[0] : undefined
  return typeof first === 'object' && first !== null && 'value' in first ? first.value : undefined
}

/** Saves `value` as the person's instance of `id` (created or saved over), then announces it. */
export async function writeSetting(id: string, value: unknown): Promise<void> {
  await requestJson('/api/v1/settings/instances', {
    method: 'POST',
    body: { definition_id: id, name: id, value, scope: 'user', user_id: 'current' },
  })
  announceSettingChange(id, value)
}

/** The definitions, filtered as BrainDrive's getSettingDefinitions({category, tags}) filters them. */
export async function listDefinitions(filter: unknown): Promise<unknown[]> {
  const all = await requestJson<unknown>('/api/v1/settings/definitions')
  const definitions = Array.isArray(all) ? (all as Array<Record<string, unknown>>) : []
  const { category, tags } = (typeof filter === 'object' && filter !== null ? filter : {}) as {
    category?: unknown
    tags?: unknown
  }
  return definitions.filter(
    (definition) =>
      (typeof category !== 'string' || definition.category === category) &&
      (!Array.isArray(tags) ||
        tags.every((tag) => Array.isArray(definition.tags) && definition.tags.includes(tag))),
  )
}

/**
 * BrainDrive's registerSettingDefinition: the definition (camelCase or snake_case fields) is created
 * unless one with its id exists, which is kept as it is.
 */
export async function registerDefinition(definition: unknown): Promise<void> {
  if (typeof definition !== 'object' || definition === null) throw new Error('a definition is an object')
  const d = definition as Record<string, unknown>
  if (typeof d.id !== 'string' || d.id === '') throw new Error('a definition needs an id')
  const existing = await listDefinitions({})
  if (existing.some((known) => (known as { id?: unknown }).id === d.id)) return
  await requestJson('/api/v1/settings/definitions', {
    method: 'POST',
    body: {
      id: d.id,
      name: typeof d.name === 'string' ? d.name : d.id,
      description: typeof d.description === 'string' ? d.description : '',
      category: typeof d.category === 'string' ? d.category : 'plugins',
      type: typeof d.type === 'string' ? d.type : 'object',
      default_value: d.default ?? d.default_value ?? null,
      allowed_scopes: d.allowedScopes ?? d.allowed_scopes ?? ['user'],
      is_multiple: d.isMultiple ?? d.is_multiple ?? false,
      validation: d.validation ?? {},
      tags: Array.isArray(d.tags) ? d.tags : [],
    },
  })
}
