import type { GeneratorSettings } from './GeneratorSettings'
import { openAiEndpoint } from './serverGeneratorKey'

/**
 * The operator's own model endpoint (the sync server's GENERATOR, GENERATOR_URL) and the fetch to use
 * for it. The outbound policy guards the URLs people supply; the operator's endpoint was not supplied
 * by a person, and is often on the operator's own machine or network (a local Ollama), which the
 * policy refuses to people in multi-user mode. Requests to exactly that endpoint (same kind, same
 * normalised base URL: the paths after it are chosen by the code, never by the person) use this fetch,
 * which keeps the policy's limits but not its address rules. Any other base URL, the operator's host
 * with another path or a query included, goes through the policy like every URL a person supplies.
 */
export interface OperatorEndpoint {
  kind: 'openai' | 'ollama'
  base_url: string
  fetch: typeof fetch
}

/** Whether these settings send their requests to the operator's endpoint. */
export function isOperatorEndpoint(
  settings: GeneratorSettings,
  operator: OperatorEndpoint | undefined,
): boolean {
  if (!operator || settings.kind !== operator.kind || !('base_url' in settings)) return false
  const normalise = settings.kind === 'openai' ? openAiEndpoint : plainEndpoint
  const endpoint = normalise(settings.base_url)
  return endpoint !== undefined && endpoint === normalise(operator.base_url)
}

/** A base URL as the URL parser normalises it, without trailing slashes; undefined when not a URL. */
function plainEndpoint(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).href.replace(/\/+$/, '')
  } catch {
    return undefined
  }
}
