import type { Route } from '../../web/core/api/Route'

type AnyRoute = Pick<Route, 'operationId' | 'aliasOf' | 'method' | 'path'>
import type { AttemptFor } from './isolationPlatform'

/** The part of a route's path before its first parameter: `/api/collections/` of `/api/collections/:id`. */
function fixedPart(path: string): string {
  const colon = path.indexOf(':')
  return colon === -1 ? path : path.slice(0, colon)
}

/**
 * The isolation entries of the table's aliases (`serviceAliases.ts`): B's attempt on A's record through
 * an alias is the original route's attempt, sent to the alias's path with the alias's method, so each
 * alias is tried itself (the same handler, but another mount on each host). An alias of a route that
 * names nothing names nothing either.
 */
export function aliasAttempts<R>(
  table: readonly AnyRoute[],
  attempts: Record<string, AttemptFor<R>>,
): Record<string, AttemptFor<R>> {
  const entries: Record<string, AttemptFor<R>> = {}
  for (const alias of table) {
    if (!alias.aliasOf) continue
    const original = table.find((route) => route.operationId === alias.aliasOf)
    const attempt = attempts[alias.aliasOf]
    if (!original || !attempt) continue
    if (typeof attempt !== 'function') {
      entries[alias.operationId] = { names: 'nothing', why: `an alias of ${alias.aliasOf}: ${attempt.why}` }
      continue
    }
    entries[alias.operationId] = (records) => {
      const request = attempt(records)
      const from = fixedPart(original.path)
      if (!request.path.startsWith(from)) throw new Error(`${alias.aliasOf}'s attempt is not at ${from}`)
      return {
        ...request,
        method: alias.method.toUpperCase(),
        path: fixedPart(alias.path) + request.path.slice(from.length),
      }
    }
  }
  return entries
}
