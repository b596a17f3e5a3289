import { VIA_SERVICE_WORKER } from '../../../browser/api/viaServiceWorker'
import { outboundFetch } from '../../../browser/api/outboundFetch'
import {
  keepOnly,
  namesPlugin,
  planApiRequest,
  type PluginIdentity,
} from '../../../core/plugins/runtime/planApiRequest'

/** A refusal or failure the module sees as its promise's rejection. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** BrainDrive's api service takes axios-style options: `{params}` become the query. */
function withParams(path: unknown, options: unknown): unknown {
  if (typeof path !== 'string' || !isRecord(options) || !isRecord(options.params)) return path
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(options.params)) {
    if (value !== undefined && value !== null) query.append(name, String(value))
  }
  const text = query.toString()
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path
}

export async function readAnswer(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!response.ok) {
    let detail = `The request failed (${response.status})`
    try {
      const body: unknown = JSON.parse(text)
      if (isRecord(body) && typeof body.detail === 'string') detail = body.detail
      else if (isRecord(body) && Array.isArray(body.detail)) detail = JSON.stringify(body.detail)
    } catch {
      // Not JSON: the status says enough.
    }
    throw new ServiceError(detail, response.status)
  }
  if (text === '') return null
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * A request to Quire's own API for a plugin: it takes the service worker's route (msw), as any script's
 * request does, rather than the page's direct path to the API worker (`directApiFetch`).
 */
function ownApi(method: string, body: unknown): RequestInit {
  const request = init(method, body, 'same-origin')
  request.headers = { ...(request.headers as Record<string, string>), [VIA_SERVICE_WORKER]: 'service-worker' }
  return request
}

export function init(method: string, body: unknown, credentials: RequestCredentials): RequestInit {
  const request: RequestInit = { method, credentials, headers: { accept: 'application/json' } }
  if (body !== undefined && method !== 'GET' && method !== 'DELETE') {
    request.headers = { accept: 'application/json', 'content-type': 'application/json' }
    request.body = JSON.stringify(body)
  }
  return request
}

/**
 * Performs a module's `api.<method>(path, body?, options?)` after planApiRequest allowed it: against
 * Quire's own API from Quire's page (the person's rights; nothing of it reaches the frame but the
 * answer's body), or out to another origin without credentials. Resolves with the parsed body.
 */
export async function runApiCall(plugin: PluginIdentity, method: string, args: unknown[]): Promise<unknown> {
  const hasBody = method === 'post' || method === 'put' || method === 'patch'
  const path = withParams(args[0], hasBody ? args[2] : args[1])
  const plan = planApiRequest(plugin, method, path, hasBody ? args[1] : undefined, location.origin)
  if (plan.kind === 'refuse') throw new ServiceError(plan.message, plan.status)
  if (plan.kind === 'network') {
    // Through the API worker: the page's own policy lets it reach its own origin only.
    return readAnswer(
      await outboundFetch(plan.url, { ...init(plan.method, plan.body, 'omit'), mode: 'cors' }),
    )
  }
  if (plan.ownStateId !== undefined) {
    const state = await readAnswer(
      await fetch(`/api/v1/plugin-state/${encodeURIComponent(plan.ownStateId)}`, ownApi('GET', undefined)),
    )
    if (!isRecord(state) || !namesPlugin(plugin, state.plugin_id)) {
      throw new ServiceError(
        `plugin state of another plugin is out of reach: ${plugin.slug} may only use its own`,
        403,
      )
    }
  }
  return keepOnly(await readAnswer(await fetch(plan.path, ownApi(plan.method, plan.body))), plan.only)
}
