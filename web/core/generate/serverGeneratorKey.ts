import type { GeneratorSettings } from './GeneratorSettings'
import { openAiRoot } from './openAiChatModel'

/**
 * The operator's key for the operator's own OpenAI-compatible endpoint (the sync server's
 * GENERATOR_URL and GENERATOR_API_KEY). It lives in the host's memory only: never in a person's
 * settings, so it is never stored, synced or answered; it is added to a request at the moment a
 * model is built for it, and only when that request goes to this endpoint.
 */
export interface ServerGeneratorKey {
  base_url: string
  api_key: string
}

/**
 * The endpoint an OpenAI-compatible base URL reaches, normalised as the URL parser does (case of the
 * scheme and host, default port, `.` and `..` segments, `/v1` added where the model adds it, trailing
 * slashes): `http://Host:80/v1/` and `http://host` are one endpoint; another path, port, query or
 * user name is another. Undefined for what is not a URL.
 */
export function openAiEndpoint(baseUrl: string): string | undefined {
  try {
    return new URL(openAiRoot(baseUrl)).href.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

/** Whether a person's generator settings send their requests to the operator's endpoint. */
export function usesServerKey(settings: GeneratorSettings, key: ServerGeneratorKey | undefined): boolean {
  if (!key || settings.kind !== 'openai' || settings.api_key) return false
  const endpoint = openAiEndpoint(settings.base_url)
  return endpoint !== undefined && endpoint === openAiEndpoint(key.base_url)
}

/**
 * The settings a model is built from: the person's own key wins; without one, the operator's key is
 * added only for the operator's endpoint. The result goes to the model, never back to a store or a
 * response.
 */
export function withServerKey(
  settings: GeneratorSettings,
  key: ServerGeneratorKey | undefined,
): GeneratorSettings {
  if (!key || !usesServerKey(settings, key) || settings.kind !== 'openai') return settings
  return { ...settings, api_key: key.api_key }
}
