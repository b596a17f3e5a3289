/**
 * The runtime services Quire itself provides to BrainDrive's plugins (issue 42), as one table: which
 * `required_services_runtime` entries they are (the repository their `source_url` names, or the health
 * URL they declare), the loopback base URLs plugins reach them on, and where a path under such a base
 * lands on Quire's REST surface. The install (marking an entry provided, no Docker) and the frame
 * runtime (routing a request to such a base over the frame's channel) both read it here.
 *
 * Routing a URL here decides nothing about permissions: the Quire path it maps to goes through the
 * same checks as any api call (planApiRequest), so a package that declares a provided service gains
 * nothing by it.
 */

export interface ProvidedService {
  /** The name BrainDrive's plugins give the service (`required_services_runtime[].name`). */
  name: string
  /** What the plugin manager shows. */
  label: string
  /** Repositories (`owner/name`, lower case) whose `source_url` marks an entry as this service. */
  repositories: readonly string[]
  /** The loopback ports plugins reach it on (on localhost, 127.0.0.1 or [::1]). */
  ports: readonly number[]
  /** Setting definitions whose value names the service's base URL (a person may move it). */
  settingsDefinitions: readonly string[]
  /** The service's health path; it answers with Quire's own health. */
  healthPath: string
  /**
   * Where the service's other paths land on Quire: `/collections/` under `/api` is `/api/collections/`
   * (a path already under the prefix stays as it is). Null: Quire answers only the service's health.
   */
  pathPrefix: string | null
}

/** Quire's health, which a provided service's health URL answers with. */
export const PROVIDED_HEALTH_PATH = '/api/health'

export const PROVIDED_SERVICES: readonly ProvidedService[] = [
  {
    // BrainDrive's document chat service: Quire's document-chat API (`/api/...`) is its spec.
    name: 'cwyd_service',
    label: 'Document chat (provided by Quire)',
    repositories: ['braindriveai/chat-with-your-documents'],
    ports: [8000],
    settingsDefinitions: ['braindrive_chat_with_documents_settings'],
    healthPath: '/health',
    pathPrefix: '/api',
  },
  {
    // The Chat plugin's RAG service (its ragService.ts, `braindrive_rag_service_settings`): the same
    // document chat API on another port.
    name: 'document_chat',
    label: 'Document chat (provided by Quire)',
    repositories: [],
    ports: [18000],
    settingsDefinitions: ['braindrive_rag_service_settings'],
    healthPath: '/health',
    pathPrefix: '/api',
  },
  {
    // BrainDrive's own backend (its default port, backend/app/core/config.py PORT): Quire answers its
    // REST surface. Chat-With-Docs calls it by absolute URL (constants.ts BRAINDRIVE_CORE_API) for its
    // settings instances and its services' restart.
    name: 'braindrive_core',
    label: 'BrainDrive Core (Quire itself)',
    repositories: ['braindriveai/braindrive-core'],
    ports: [8005],
    settingsDefinitions: [],
    healthPath: '/health',
    pathPrefix: '/api',
  },
  {
    // Quire processes documents itself (upload -> DocumentQueue); plugins only check its health.
    name: 'document_processing_service',
    label: 'Document processing (provided by Quire)',
    repositories: ['braindriveai/document-processing-service'],
    ports: [8080],
    settingsDefinitions: [],
    healthPath: '/health',
    pathPrefix: null,
  },
]

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A GitHub repository URL's `owner/name`, lower case, or undefined. */
function repositoryOf(sourceUrl: unknown): string | undefined {
  if (typeof sourceUrl !== 'string' || sourceUrl.length > 500) return undefined
  let url: URL
  try {
    url = new URL(sourceUrl)
  } catch {
    return undefined
  }
  if (url.hostname.toLowerCase() !== 'github.com') return undefined
  const [owner, name] = url.pathname.split('/').filter(Boolean)
  if (!owner || !name) return undefined
  return `${owner}/${name.replace(/\.git$/i, '')}`.toLowerCase()
}

/**
 * A provided service a person moved to another loopback port in a plugin's settings (the Chat plugin's
 * `braindrive_rag_service_settings` `{document_chat: {protocol, host, port}}`): requests to that port
 * reach the service as its default port's do.
 */
export interface MovedService {
  /** The provided service's `name`. */
  service: string
  port: number
}

/** The setting definitions that may move a provided service: the ones to read for `movedServices`. */
export const MOVING_DEFINITIONS: readonly string[] = [
  ...new Set(PROVIDED_SERVICES.flatMap((service) => service.settingsDefinitions)),
]

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The loopback port a setting's value names for its service, or undefined. Read as the plugin reads it
 * (the Chat plugin's ragService.ts:128: a JSON string or an object, `document_chat.protocol/host/port`,
 * defaults http and localhost); only `http` on a loopback host counts, as for the default ports: a
 * value naming any other host moves nothing, and that host stays behind the frame's CSP.
 */
function portOfSetting(value: unknown): number | undefined {
  let parsed = value
  if (typeof parsed === 'string') {
    if (parsed.length > 10_000) return undefined
    try {
      parsed = JSON.parse(parsed) as unknown
    } catch {
      return undefined
    }
  }
  const docChat = isRecord(parsed) ? parsed.document_chat : undefined
  if (!isRecord(docChat)) return undefined
  const protocol = docChat.protocol ?? 'http'
  const host = docChat.host ?? 'localhost'
  if (protocol !== 'http' || typeof host !== 'string' || !LOOPBACK_HOSTS.has(host.toLowerCase())) {
    return undefined
  }
  const port = Number(docChat.port)
  return Number.isInteger(port) && port > 0 && port <= 65535 ? port : undefined
}

/**
 * The provided services a person moved, from the values of their setting instances by definition id
 * (`MOVING_DEFINITIONS`; other ids are ignored).
 */
export function movedServices(settings: Readonly<Record<string, unknown>>): MovedService[] {
  const moved: MovedService[] = []
  for (const service of PROVIDED_SERVICES) {
    for (const definition of service.settingsDefinitions) {
      if (!Object.hasOwn(settings, definition)) continue
      const port = portOfSetting(settings[definition])
      if (port !== undefined && !service.ports.includes(port)) moved.push({ service: service.name, port })
    }
  }
  return moved
}

/** The module config field that names the document chat service's base URL, and the service it names. */
const MODULE_BASE_URL_FIELD = 'apiBaseUrl'
const MODULE_BASE_URL_SERVICE = 'cwyd_service'

/**
 * The document chat service moved by a module's own config: Chat With Docs reads its service's base
 * from `props.config.apiBaseUrl` (BrainDriveChatWithDocs.tsx:37, PluginService.ts:41, its type in
 * pluginTypes.ts:181) before its default `http://127.0.0.1:8000`. A loopback http base on another port
 * reaches Quire as the default does; any other value moves nothing (and that host stays behind the
 * frame's CSP).
 */
export function movedByModuleConfig(config: Readonly<Record<string, unknown>>): MovedService[] {
  const base = config[MODULE_BASE_URL_FIELD]
  if (typeof base !== 'string' || base.length > 2_000) return []
  let url: URL
  try {
    url = new URL(base)
  } catch {
    return []
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) return []
  if (url.username || url.password) return []
  const port = Number(url.port || 80)
  const service = PROVIDED_SERVICES.find((entry) => entry.name === MODULE_BASE_URL_SERVICE)
  return service && !service.ports.includes(port) ? [{ service: service.name, port }] : []
}

/**
 * `moved` with the entries of `more` it does not hold yet added. A page keeps every port a person moved a
 * service to while it is open: a plugin that read its base URL once (Chat's ragService.ts caches it)
 * still reaches Quire at the old port, one that reads it again at the new one.
 */
export function withMoved(moved: readonly MovedService[], more: readonly MovedService[]): MovedService[] {
  const all = [...moved]
  for (const entry of more) {
    if (!all.some((known) => known.port === entry.port && known.service === entry.service)) all.push(entry)
  }
  return all
}

/**
 * The provided service a base URL (or any URL on it) reaches, by its loopback port: a port a person
 * moved a service to first (so moving one onto another's default port reaches the one moved), then
 * each service's default ports.
 */
export function providedServiceAt(
  url: URL,
  moved: readonly MovedService[] = [],
): ProvidedService | undefined {
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) return undefined
  if (url.username || url.password) return undefined
  const port = Number(url.port || 80)
  const movedHere = moved.find((entry) => entry.port === port)
  const byMove = movedHere && PROVIDED_SERVICES.find((service) => service.name === movedHere.service)
  return byMove ?? PROVIDED_SERVICES.find((service) => service.ports.includes(port))
}

/**
 * The provided service a `required_services_runtime` entry is, or undefined: its `source_url` names
 * one of the service's repositories, or its `healthcheck_url` is the service's health on its port.
 */
export function providedServiceFor(entry: {
  source_url?: unknown
  healthcheck_url?: unknown
}): ProvidedService | undefined {
  const repository = repositoryOf(entry.source_url)
  const byRepository = PROVIDED_SERVICES.find(
    (service) => repository !== undefined && service.repositories.includes(repository),
  )
  if (byRepository) return byRepository
  if (typeof entry.healthcheck_url !== 'string' || entry.healthcheck_url.length > 500) return undefined
  let health: URL
  try {
    health = new URL(entry.healthcheck_url)
  } catch {
    return undefined
  }
  const service = providedServiceAt(health)
  return service && health.pathname === service.healthPath ? service : undefined
}

/** Where a request to a provided service lands on Quire. */
export interface ProvidedRoute {
  service: ProvidedService
  /** Path and query on Quire's origin; null where Quire answers only the service's health. */
  path: string | null
  /** The service's health: answered whatever the plugin's permissions (it reveals nothing). */
  health: boolean
}

/**
 * Where a request to `url` lands on Quire, when `url` is on a provided service's base (its default
 * port, or one the person moved it to: `moved`); undefined for any other URL (which stays a network
 * request, or blocked).
 */
export function providedRoute(url: URL, moved: readonly MovedService[] = []): ProvidedRoute | undefined {
  const service = providedServiceAt(url, moved)
  if (!service) return undefined
  const pathname = url.pathname.replace(/\/{2,}/g, '/')
  if (pathname === service.healthPath || pathname === `${service.healthPath}/`) {
    return { service, path: PROVIDED_HEALTH_PATH, health: true }
  }
  const prefix = service.pathPrefix
  if (prefix === null) {
    return { service, path: null, health: false }
  }
  const under = pathname === prefix || pathname.startsWith(`${prefix}/`)
  return { service, path: (under ? pathname : prefix + pathname) + url.search, health: false }
}
