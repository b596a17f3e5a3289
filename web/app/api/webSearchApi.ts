import { announceSettingChange } from '../plugins/runtime/pluginSettings'
import { requestJson } from './requestJson'

/** Quire's setting for the person's SearXNG instance (see web/core/websearch/searxngUrlSetting). */
const SETTING = 'web_search_settings'

export interface WebSearchHealth {
  status: 'healthy' | 'unhealthy' | 'not_configured'
  searxng_url: string | null
  /** `server`: the sync server's SEARXNG_URL, used while the person has set none. */
  source?: 'person' | 'server'
  accessible: boolean
  engines?: number
  error?: string
}

interface SettingInstance {
  value: unknown
  updated_at?: string
}

/** The saved SearXNG URL, or '' when none is set. */
export async function getSearxngUrl(signal?: AbortSignal): Promise<string> {
  const instances = await requestJson<SettingInstance[]>(
    `/api/v1/settings/instances?definition_id=${SETTING}&user_id=current`,
    { signal },
  )
  const value = instances.at(-1)?.value
  const url = typeof value === 'string' ? value : (value as { searxng_url?: unknown } | null)?.searxng_url
  return typeof url === 'string' ? url : ''
}

/** Saves the URL ('' clears it) over the one setting instance, as BrainDrive's clients save theirs. */
export async function saveSearxngUrl(url: string): Promise<void> {
  await requestJson('/api/v1/settings/instances', {
    method: 'POST',
    body: {
      definition_id: SETTING,
      name: 'Web search',
      value: { searxng_url: url },
      scope: 'user',
      user_id: 'current',
    },
  })
  // Modules subscribed to the setting or its category hear it.
  announceSettingChange(SETTING, { searxng_url: url })
}

/** Whether the saved instance answers (always resolves with a state, unless the API itself fails). */
export function checkWebSearch(signal?: AbortSignal): Promise<WebSearchHealth> {
  return requestJson<WebSearchHealth>('/api/v1/websearch/health', { signal })
}
