/**
 * What the host does with a module's `api.get/post/put/patch/delete(path, body)`: the rules of
 * DESIGN.md section 7 as one pure decision, so they are tested without a browser. The host then
 * performs the plan with the person's own rights (the plugin never sees a token) or refuses it.
 *
 * - Quire's own REST surface (`/api/...`, relative or on Quire's origin) needs `api.access`;
 *   plugin state (`/api/v1/plugin-state/...`) needs `storage.read` (GET) or `storage.write`
 *   (anything else) instead, and only ever this plugin's own state: `plugin_id` in the query or body
 *   must be its id or slug, a state read by id is checked by the host against the stored state's
 *   `plugin_id` (`ownStateId`), and routes spanning every plugin's state (stats, cleanup) are refused.
 * - Routes that hand out or change credentials, accounts, sync, or plugins themselves are refused
 *   whatever the permissions: a plugin must not mint tokens, sign the device in or out, read the sync
 *   log or trust itself. The exceptions: `GET /api/v1/auth/me`, answered with the person's id,
 *   username and display name only (`only`), which BrainDrive's plugins read to address their lists,
 *   and `POST /api/v1/plugins/{its own slug}/services/restart` (with `api.access`).
 * - A URL on a service Quire provides (providedServices.ts: `http://localhost:8000/collections/`) is
 *   the Quire path it maps to, decided by the same rules; its health URL is answered to any plugin.
 * - Any other http(s) URL needs `network.request`.
 */

import { canonicalPath } from '../../http/canonicalPath'
import { PROVIDED_HEALTH_PATH, providedRoute, type MovedService } from '../providedServices'

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface PluginIdentity {
  /** The plugin record's id. */
  id: string
  slug: string
  permissions: readonly string[]
  /** Provided services the person moved to other ports in their settings (providedServices.ts). */
  moved?: readonly MovedService[]
}

export type ApiPlan =
  | { kind: 'refuse'; status: number; message: string }
  | {
      kind: 'quire'
      method: ApiMethod
      /** Path and query on Quire's origin, e.g. `/api/collections/?limit=5`. */
      path: string
      body: unknown
      /** Set for a plugin-state route naming a state by id: the host must check the state is the plugin's. */
      ownStateId?: string
      /** The answer's fields the plugin may see; the host drops every other one (`/api/v1/auth/me`). */
      only?: readonly string[]
    }
  | { kind: 'network'; method: ApiMethod; url: string; body: unknown }

const METHODS: Record<string, ApiMethod> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
}

const STATE_BASE = '/api/v1/plugin-state'

/** The person as a plugin may read them: who, never how to act as them (no email, tokens or flags). */
export const ME_PATH = '/api/v1/auth/me'
export const ME_FIELDS = ['id', 'username', 'full_name'] as const

const ACCOUNT_CLOSED =
  'account and token routes are not open to plugins (a plugin may read GET /api/v1/auth/me: the person’s id, username and display name)'

/** Routes no plugin may call: credentials, accounts and sync, and the plugin records themselves. */
const FORBIDDEN: ReadonlyArray<{ prefix: string; reads?: boolean; why: string }> = [
  { prefix: '/api/v1/auth', why: ACCOUNT_CLOSED },
  // The browser's sign-in to a sync server: a plugin must not sign the device in to a server of its choosing.
  { prefix: '/api/v1/account', why: ACCOUNT_CLOSED },
  { prefix: '/api/v1/sync', why: 'sync routes are not open to plugins' },
  // Reading the plugin list is harmless; installing, removing, enabling or trusting is the person's call.
  { prefix: '/api/v1/plugins', reads: true, why: 'plugins cannot install, change or remove plugins' },
]

/** `POST /api/v1/plugins/{slug}/services/restart`, the one plugin route a plugin may write: its own. */
const RESTART = /^\/api\/v1\/plugins\/([^/]+)\/services\/restart\/?$/

/** A path segment decoded, or itself where it is no valid percent-encoding (then it names no plugin). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function refuse(message: string, status = 403): ApiPlan {
  return { kind: 'refuse', status, message }
}

/** The api method a service call names (`get`, `post`, ...), or undefined. */
export function apiMethodOf(name: string): ApiMethod | undefined {
  return Object.hasOwn(METHODS, name) ? METHODS[name] : undefined
}

/** Whether `value` names this plugin: its slug, or its id with or without hyphens (any case). */
export function namesPlugin(plugin: Pick<PluginIdentity, 'id' | 'slug'>, value: unknown): boolean {
  if (typeof value !== 'string') return false
  if (value === plugin.slug) return true
  const bare = (s: string) => s.replace(/-/g, '').toLowerCase()
  return bare(value) === bare(plugin.id) && bare(value) !== ''
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Decides one api call. `path` is what the module passed; `appOrigin` is Quire's own origin
 * (`http://localhost:4173`), against which relative paths resolve.
 */
export function planApiRequest(
  plugin: PluginIdentity,
  methodName: string,
  path: unknown,
  body: unknown,
  appOrigin: string,
): ApiPlan {
  const method = apiMethodOf(methodName)
  if (!method) return refuse(`api.${methodName} is not a method Quire's api service has`, 400)
  if (typeof path !== 'string' || path.trim() === '') return refuse('api calls need a path', 400)
  if (path.length > 4000) return refuse('the path is too long', 400)

  let url: URL
  try {
    url = new URL(path, appOrigin)
  } catch {
    return refuse(`"${path.slice(0, 100)}" is not a path or URL`, 400)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse(`only http(s) requests are allowed, not ${url.protocol}`, 400)
  }
  const provided = url.origin === new URL(appOrigin).origin ? undefined : providedRoute(url, plugin.moved)
  if (provided) {
    if (provided.health) {
      // The health says the service is up and nothing else: any plugin may ask, as anyone may ask the service.
      if (method !== 'GET') return refuse(`${provided.service.name}'s health is read with GET`, 405)
      return { kind: 'quire', method, path: PROVIDED_HEALTH_PATH, body: undefined }
    }
    if (provided.path === null) {
      return refuse(`Quire provides ${provided.service.name} but answers only its health here`, 404)
    }
    url = new URL(provided.path, appOrigin)
  }
  if (url.origin !== new URL(appOrigin).origin) {
    if (!plugin.permissions.includes('network.request')) {
      return refuse(
        `${plugin.slug} may not make requests outside Quire: it does not have the network.request permission`,
      )
    }
    if (url.username || url.password) return refuse('URLs with credentials are not allowed', 400)
    return { kind: 'network', method, url: url.href, body }
  }

  // URL parsing has already folded `.` and `..` segments and percent-encoded the rest; the path's one
  // spelling (`//` folded, `%73` read as `s`) is what is decided on and what is sent.
  const pathname = canonicalPath(url.pathname)
  if (!pathname.startsWith('/api/')) {
    return refuse(`${pathname} is not part of Quire's API (paths start with /api/)`, 400)
  }
  const lower = pathname.toLowerCase()
  const me = lower === ME_PATH || lower === `${ME_PATH}/`
  if (me && method === 'GET') {
    if (!plugin.permissions.includes('api.access')) {
      return refuse(`${plugin.slug} may not call Quire's API: it does not have the api.access permission`)
    }
    return { kind: 'quire', method, path: ME_PATH, body: undefined, only: ME_FIELDS }
  }
  const restart = RESTART.exec(pathname)
  if (restart && method === 'POST') {
    // A plugin's settings page restarts its own services after a save ("Save & Restart"); another
    // plugin's are not its business.
    if (!namesPlugin(plugin, decodedSegment(restart[1] ?? ''))) {
      return refuse(`${plugin.slug} may restart only its own services`)
    }
    if (!plugin.permissions.includes('api.access')) {
      return refuse(`${plugin.slug} may not call Quire's API: it does not have the api.access permission`)
    }
    return { kind: 'quire', method, path: pathname + url.search, body }
  }
  for (const rule of FORBIDDEN) {
    if (lower === rule.prefix || lower.startsWith(`${rule.prefix}/`)) {
      if (rule.reads && method === 'GET') break
      return refuse(rule.why)
    }
  }
  const target = pathname + url.search

  if (lower === STATE_BASE || lower.startsWith(`${STATE_BASE}/`)) {
    return planStateRequest(plugin, method, target, url, body)
  }
  if (!plugin.permissions.includes('api.access')) {
    return refuse(`${plugin.slug} may not call Quire's API: it does not have the api.access permission`)
  }
  return { kind: 'quire', method, path: target, body }
}

function planStateRequest(
  plugin: PluginIdentity,
  method: ApiMethod,
  target: string,
  url: URL,
  body: unknown,
): ApiPlan {
  const needed = method === 'GET' ? 'storage.read' : 'storage.write'
  if (!plugin.permissions.includes(needed)) {
    return refuse(`${plugin.slug} may not use plugin state: it does not have the ${needed} permission`)
  }
  const other = `plugin state of another plugin is out of reach: ${plugin.slug} may only use its own`
  const queried = url.searchParams.getAll('plugin_id')
  if (queried.some((value) => !namesPlugin(plugin, value))) return refuse(other)

  const pathname = canonicalPath(url.pathname)
  const rest = pathname.slice(STATE_BASE.length).replace(/^\/+|\/+$/g, '')
  // A router may match paths in any case (msw does): `STATS` must be refused as `stats` is.
  const named = rest.toLowerCase()
  if (rest === '') {
    if (method === 'GET') {
      // The list without plugin_id would show every plugin's state.
      if (queried.length === 0) return refuse(`list plugin state with plugin_id=${plugin.slug}`, 400)
      return { kind: 'quire', method, path: target, body }
    }
    if (method === 'POST') {
      if (!isRecord(body) || !namesPlugin(plugin, body.plugin_id)) return refuse(other)
      return { kind: 'quire', method, path: target, body }
    }
    return refuse(`${method} ${STATE_BASE}/ is not a plugin-state route`, 405)
  }
  if (named === 'bulk') {
    const states = isRecord(body) ? body.states : undefined
    if (method !== 'POST' || !Array.isArray(states)) return refuse('bulk saves POST {states: [...]}', 400)
    if (!states.every((state) => isRecord(state) && namesPlugin(plugin, state.plugin_id))) {
      return refuse(other)
    }
    return { kind: 'quire', method, path: target, body }
  }
  if (named === 'stats' || named === 'cleanup') {
    return refuse(`${STATE_BASE}/${named} spans every plugin's state and is not open to plugins`)
  }
  if (rest.includes('/')) return refuse(`${pathname} is not a plugin-state route`, 404)
  // A state by id: the host reads it first and goes on only when it is this plugin's.
  if (isRecord(body) && body.plugin_id !== undefined && !namesPlugin(plugin, body.plugin_id)) {
    return refuse(other)
  }
  let stateId: string
  try {
    stateId = decodeURIComponent(rest)
  } catch {
    return refuse(`${pathname} is not a plugin-state route`, 404)
  }
  return { kind: 'quire', method, path: target, body, ownStateId: stateId }
}

/** An answer cut to a plan's `only` fields (an answer that is not an object becomes an empty one). */
export function keepOnly(answer: unknown, only: readonly string[] | undefined): unknown {
  if (only === undefined) return answer
  if (!isRecord(answer)) return {}
  return Object.fromEntries(only.filter((key) => Object.hasOwn(answer, key)).map((key) => [key, answer[key]]))
}
