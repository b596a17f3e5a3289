import { shown } from '../http/shown'
import { describeFailure } from '../generate/providerFetch'
import { readAtMost } from './readAtMost'

export interface SearxngHealth {
  accessible: boolean
  /** How many engines the instance has enabled, when it answered. */
  engines?: number
  /** Why it is not usable, in plain words. */
  error?: string
}

const HEALTH_TIMEOUT_MS = 5_000

/**
 * Whether the SearXNG instance at `baseUrl` answers, and is SearXNG: its `/config` (JSON listing its
 * engines; BrainDrive GETs `/`, which any web server answers). Through the host's fetch, so in the
 * browser a refusal by CORS shows here, in Settings' "Test", before a chat depends on it.
 */
export async function checkSearxng(fetcher: typeof fetch, baseUrl: string): Promise<SearxngHealth> {
  const where = `SearXNG at ${shown(baseUrl)}`
  const timeout = AbortSignal.timeout(HEALTH_TIMEOUT_MS)
  let response: Response
  try {
    response = await fetcher(`${baseUrl.replace(/\/+$/, '')}/config`, {
      headers: { accept: 'application/json' },
      signal: timeout,
    })
  } catch (error) {
    if (timeout.aborted) return { accessible: false, error: `${where} did not answer within 5 s` }
    return { accessible: false, error: `Could not reach ${where} (${describeFailure(error)})` }
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    return { accessible: false, error: `${where} answered HTTP ${response.status}` }
  }
  try {
    const { bytes } = await readAtMost(response, 5 * 1024 * 1024)
    const config = JSON.parse(new TextDecoder().decode(bytes)) as { engines?: unknown }
    if (!Array.isArray(config.engines)) throw new Error('no engines')
    return { accessible: true, engines: config.engines.length }
  } catch {
    return {
      accessible: false,
      error: `${where} answered, but not as SearXNG does (its /config is not SearXNG’s JSON)`,
    }
  }
}
