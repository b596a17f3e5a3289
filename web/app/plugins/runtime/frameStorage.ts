import { readStorageItems, type StorageArea } from '../../../core/plugins/runtime/frameProtocol'
import { requestJson } from '../../api/requestJson'

/**
 * Where a module frame's `localStorage` and `sessionStorage` (storageShim.ts) are kept, per plugin and
 * person. localStorage is a plugin state record of the plugin's (`state_key` below, persistent), so it
 * outlives reloads and syncs to the person's other devices as plugin state does; sessionStorage is
 * this tab's, in the page's own sessionStorage, as the browser keeps it. The host decides the plugin
 * from the module's manifest, never from the frame: one plugin cannot reach another's items.
 */
export const LOCAL_STORAGE_STATE_KEY = 'quire.frame.localStorage'
const SESSION_PREFIX = 'quire_frame_session:'

export type FrameStorage = Record<StorageArea, Record<string, string>>

interface StoredState {
  state_data?: { items?: Record<string, unknown> }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function stateQuery(slug: string): string {
  const query = new URLSearchParams({ plugin_id: slug, state_key: LOCAL_STORAGE_STATE_KEY, limit: '1' })
  return `/api/v1/plugin-state/?${query.toString()}`
}

async function loadLocal(slug: string): Promise<Record<string, string>> {
  try {
    const states = await requestJson<StoredState[]>(stateQuery(slug))
    const items = Array.isArray(states) ? states[0]?.state_data?.items : undefined
    return isRecord(items) && readStorageItems(items) ? items : {}
  } catch (error) {
    // The module still starts, with empty storage, as in a browser whose storage was cleared.
    console.warn('Quire: a plugin’s stored items could not be read', error)
    return {}
  }
}

function loadSession(slug: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(SESSION_PREFIX + slug) ?? '{}')
    return isRecord(parsed) && readStorageItems(parsed) ? parsed : {}
  } catch {
    return {}
  }
}

/** The items a plugin's frames start with. */
export async function loadFrameStorage(slug: string): Promise<FrameStorage> {
  return { local: await loadLocal(slug), session: loadSession(slug) }
}

/** Saves of each plugin's localStorage, one at a time, the latest content last. */
const saving = new Map<string, { running: Promise<void>; next?: Record<string, string> }>()

async function saveLocal(slug: string, items: Record<string, string>): Promise<void> {
  await requestJson('/api/v1/plugin-state/', {
    method: 'POST',
    body: {
      plugin_id: slug,
      state_key: LOCAL_STORAGE_STATE_KEY,
      state_strategy: 'persistent',
      state_data: { items },
    },
  })
}

function queueLocal(slug: string, items: Record<string, string>): void {
  const queued = saving.get(slug)
  if (queued) {
    queued.next = items
    return
  }
  const entry: { running: Promise<void>; next?: Record<string, string> } = { running: Promise.resolve() }
  saving.set(slug, entry)
  const run = async (content: Record<string, string>): Promise<void> => {
    try {
      await saveLocal(slug, content)
    } catch (error) {
      console.warn('Quire: a plugin’s stored items could not be saved', error)
    }
    const next = entry.next
    delete entry.next
    if (next) return run(next)
    saving.delete(slug)
  }
  entry.running = run(items)
}

/** Keeps an area's content the frame sent (already checked by readFrameMessage). */
export function saveFrameStorage(slug: string, area: StorageArea, items: Record<string, string>): void {
  if (area === 'local') {
    queueLocal(slug, items)
    return
  }
  try {
    sessionStorage.setItem(SESSION_PREFIX + slug, JSON.stringify(items))
  } catch (error) {
    console.warn('Quire: a plugin’s session items could not be kept', error)
  }
}

/** Resolves when every save started so far has been made (tests, and a page about to go). */
export async function frameStorageSaved(): Promise<void> {
  while (saving.size > 0) await Promise.all([...saving.values()].map((entry) => entry.running))
}
