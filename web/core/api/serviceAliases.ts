import type { Route } from './Route'

/**
 * One more path at which a route of the table is answered, by the same method and handler. `of` is
 * the route's operationId. Most aliases are the route's own path without `/api`, with the operationId
 * suffixed `Bd` (as BrainDrive's service spells the path); the others name their path and operationId.
 */
interface ServiceAlias {
  of: string
  path?: string
  operationId?: string
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
  ...[
    'listCollections',
    'createCollection',
    'getCollection',
    'updateCollection',
    'deleteCollection',
    'listDocuments',
    'uploadDocument',
    'getDocument',
    'deleteDocument',
    'listChatSessions',
    'createChatSession',
    'getChatSession',
    'updateChatSession',
    'deleteChatSession',
    'sendChatMessage',
  ].map((of) => ({ of })),
  { of: 'sendChatMessage', path: '/chat/messages', operationId: 'sendChatMessagesBd' },
  { of: 'sendChatMessage', path: '/api/chat/messages', operationId: 'sendChatMessages' },
  { of: 'listChatMessages' },
  { of: 'searchWithHistory' },
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
function aliasRoute(route: Route, alias: ServiceAlias): Route {
  return {
    ...route,
    path: alias.path ?? route.path.replace(/^\/api\//, '/'),
    operationId: alias.operationId ?? `${route.operationId}Bd`,
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
