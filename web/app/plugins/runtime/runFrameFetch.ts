import type { FetchReply, FrameFetchRequest } from '../../../core/plugins/runtime/frameProtocol'
import { providedRoute } from '../../../core/plugins/providedServices'
import {
  apiMethodOf,
  keepOnly,
  planApiRequest,
  type PluginIdentity,
} from '../../../core/plugins/runtime/planApiRequest'

/** Request headers carried to Quire's route; anything else (cookies, authorization, origin) is not. */
const SENT_HEADERS = new Set(['accept', 'content-type', 'last-event-id', 'accept-language'])
/** Answer headers the frame sees. */
const SHOWN_HEADERS = new Set(['content-type', 'cache-control', 'content-disposition', 'content-language'])

type Reply = (reply: FetchReply, transfer?: Transferable[]) => void

function jsonBody(request: FrameFetchRequest): unknown {
  const type = request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
  if (!request.body || !/\bjson\b/i.test(type)) return undefined
  try {
    return JSON.parse(new TextDecoder().decode(request.body)) as unknown
  } catch {
    return undefined
  }
}

/** The refusal, or the Quire path to run, for a frame's request (the same rules as an api call). */
export function planFrameFetch(
  plugin: PluginIdentity,
  request: FrameFetchRequest,
  appOrigin: string,
): { refuse: string; status: number } | { path: string; method: string; only?: readonly string[] } {
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return { refuse: 'not a URL', status: 400 }
  }
  // The channel carries requests to the services Quire provides, nothing else: no way around the CSP.
  if (!providedRoute(url, plugin.moved))
    return { refuse: `${url.origin} is not a service Quire provides`, status: 403 }
  const method = apiMethodOf(request.method.toLowerCase())
  if (!method) return { refuse: `${request.method} is not answered here`, status: 405 }
  const plan = planApiRequest(plugin, request.method.toLowerCase(), request.url, jsonBody(request), appOrigin)
  if (plan.kind === 'refuse') return { refuse: plan.message, status: plan.status }
  if (plan.kind !== 'quire') return { refuse: `${url.origin} is not a service Quire provides`, status: 403 }
  // A state by id is checked against its owner by the api service only; the provided services have none.
  if (plan.ownStateId !== undefined || plan.path.toLowerCase().startsWith('/api/v1/plugin-state')) {
    return { refuse: 'plugin state is reached through the api service', status: 403 }
  }
  return plan.only ? { path: plan.path, method, only: plan.only } : { path: plan.path, method }
}

/**
 * Runs a frame's request to a service Quire provides against Quire's own route, with the person's
 * rights and the plugin's permissions (planFrameFetch), and replies with its head and its body a chunk
 * at a time, so a streamed answer streams. A refusal is answered as the route would answer it (status
 * and `{detail}`), so the plugin reads it as it reads the service's errors.
 */
export async function runFrameFetch(
  plugin: PluginIdentity,
  request: FrameFetchRequest,
  signal: AbortSignal,
  reply: Reply,
): Promise<void> {
  const id = request.id
  const plan = planFrameFetch(plugin, request, location.origin)
  if ('refuse' in plan) {
    const bytes = new TextEncoder().encode(JSON.stringify({ detail: plan.refuse })).buffer
    reply({
      kind: 'fetch',
      id,
      event: 'head',
      status: plan.status,
      statusText: '',
      headers: [['content-type', 'application/json']],
    })
    reply({ kind: 'fetch', id, event: 'chunk', bytes }, [bytes])
    reply({ kind: 'fetch', id, event: 'end' })
    return
  }
  const headers = new Headers()
  for (const [name, value] of request.headers) {
    if (SENT_HEADERS.has(name.toLowerCase())) headers.append(name, value)
  }
  const hasBody = plan.method !== 'GET' && plan.method !== 'DELETE' && request.body !== null
  let response: Response
  try {
    response = await fetch(plan.path, {
      method: plan.method,
      headers,
      body: hasBody ? request.body : null,
      credentials: 'same-origin',
      signal,
    })
  } catch (error) {
    if (!signal.aborted) {
      reply({ kind: 'fetch', id, event: 'error', message: error instanceof Error ? error.message : 'failed' })
    }
    return
  }
  const shown: Array<[string, string]> = []
  response.headers.forEach((value, name) => {
    if (SHOWN_HEADERS.has(name.toLowerCase())) shown.push([name, value])
  })
  reply({
    kind: 'fetch',
    id,
    event: 'head',
    status: response.status,
    statusText: response.statusText,
    headers: shown,
  })
  try {
    if (plan.only) {
      // `/api/v1/auth/me`: only the fields a plugin may see, never the whole answer.
      const text = await response.text()
      let body: unknown = {}
      try {
        body = keepOnly(JSON.parse(text) as unknown, plan.only)
      } catch {
        // Not JSON: nothing of it is shown.
      }
      const bytes = new TextEncoder().encode(JSON.stringify(body)).buffer
      reply({ kind: 'fetch', id, event: 'chunk', bytes }, [bytes])
    } else if (response.body) {
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        const bytes = value.slice().buffer
        reply({ kind: 'fetch', id, event: 'chunk', bytes }, [bytes])
      }
    }
    reply({ kind: 'fetch', id, event: 'end' })
  } catch (error) {
    if (!signal.aborted) {
      reply({ kind: 'fetch', id, event: 'error', message: error instanceof Error ? error.message : 'failed' })
    }
  }
}
