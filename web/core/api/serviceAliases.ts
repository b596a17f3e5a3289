import type { HttpMethod, Route } from './Route'

/**
 * One more path (and perhaps method) at which a route of the table is answered, by the same handler.
 * `of` is the route's operationId.
 */
interface ServiceAlias {
  of: string
  method: HttpMethod
  path: string
  /** The alias's own operationId (`Bd`: as BrainDrive's service spells the path). */
  operationId: string
}

/**
 * Where BrainDrive's document-chat service (`cwyd_service`, the service Quire implements) answers
 * what the spec puts under `/api`. BrainDrive's Chat-With-Docs plugin calls it at its base URL with
 * no `/api` prefix (`src/infrastructure/repositories/*.ts`: `/collections/`, `/documents/`,
 * `/chat/sessions`, `/chat/messages`, `/search/`) and POSTs its messages to `/chat/messages`, which
 * the service itself answers at `/chat/message`. Quire keeps the spec's paths and answers these too,
 * from the same routes: a change to a handler changes both, and the OpenAPI document marks these.
 *
 * Root paths meet the app's own pages (`/collections` is a page of the app): each host answers a
 * browser's navigation to one with the app, and every other request with the API (`isApiRequest`).
 */
const SERVICE_ALIASES: readonly ServiceAlias[] = [
  { of: 'listCollections', method: 'get', path: '/collections/', operationId: 'listCollectionsBd' },
  { of: 'createCollection', method: 'post', path: '/collections/', operationId: 'createCollectionBd' },
  { of: 'getCollection', method: 'get', path: '/collections/:collection_id', operationId: 'getCollectionBd' },
  {
    of: 'updateCollection',
    method: 'put',
    path: '/collections/:collection_id',
    operationId: 'updateCollectionBd',
  },
  {
    of: 'deleteCollection',
    method: 'delete',
    path: '/collections/:collection_id',
    operationId: 'deleteCollectionBd',
  },
  { of: 'listDocuments', method: 'get', path: '/documents/', operationId: 'listDocumentsBd' },
  { of: 'uploadDocument', method: 'post', path: '/documents/', operationId: 'uploadDocumentBd' },
  { of: 'getDocument', method: 'get', path: '/documents/:document_id', operationId: 'getDocumentBd' },
  {
    of: 'deleteDocument',
    method: 'delete',
    path: '/documents/:document_id',
    operationId: 'deleteDocumentBd',
  },
  { of: 'listChatSessions', method: 'get', path: '/chat/sessions', operationId: 'listChatSessionsBd' },
  { of: 'createChatSession', method: 'post', path: '/chat/sessions', operationId: 'createChatSessionBd' },
  {
    of: 'getChatSession',
    method: 'get',
    path: '/chat/sessions/:session_id',
    operationId: 'getChatSessionBd',
  },
  {
    of: 'updateChatSession',
    method: 'put',
    path: '/chat/sessions/:session_id',
    operationId: 'updateChatSessionBd',
  },
  {
    of: 'deleteChatSession',
    method: 'delete',
    path: '/chat/sessions/:session_id',
    operationId: 'deleteChatSessionBd',
  },
  { of: 'sendChatMessage', method: 'post', path: '/chat/message', operationId: 'sendChatMessageBd' },
  { of: 'sendChatMessage', method: 'post', path: '/chat/messages', operationId: 'sendChatMessagesBd' },
  { of: 'sendChatMessage', method: 'post', path: '/api/chat/messages', operationId: 'sendChatMessages' },
  { of: 'listChatMessages', method: 'get', path: '/chat/messages', operationId: 'listChatMessagesBd' },
  { of: 'searchWithHistory', method: 'post', path: '/search/', operationId: 'searchWithHistoryBd' },
]

/** The first segments of the aliases outside `/api`: the paths a host must hand to the API. */
const ROOT_PREFIXES = [
  '/collections',
  '/documents',
  '/chat/sessions',
  '/chat/message',
  '/chat/messages',
  '/search',
]

/** Whether `path` is one of the service's paths outside `/api` (see `SERVICE_ALIASES`). */
export function isServiceAliasPath(path: string): boolean {
  return ROOT_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

/** A route answered at another path by the same handler, documented as BrainDrive's alias of it. */
export function aliasRoute(route: Route, alias: Omit<ServiceAlias, 'of'>): Route {
  return {
    ...route,
    method: alias.method,
    path: alias.path,
    operationId: alias.operationId,
    aliasOf: route.operationId,
    summary: `${route.summary} (BrainDrive-compat alias)`,
    description:
      `BrainDrive-compat alias of \`${route.method.toUpperCase()} ${route.path}\`: the same handler, as BrainDrive's document-chat service answers it (its Chat-With-Docs plugin calls it here). ${route.description ?? ''}`.trim(),
  }
}

/** The service's aliases of the routes of `table`; a missing route is a programming error. */
export function serviceAliases(table: readonly Route[]): Route[] {
  return SERVICE_ALIASES.map((alias) => {
    const route = table.find((r) => r.operationId === alias.of)
    if (!route) throw new Error(`serviceAliases: no route ${alias.of}`)
    return aliasRoute(route, alias)
  })
}
