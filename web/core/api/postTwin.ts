import type { z } from 'zod'
import type { Route } from './Route'

/**
 * The POST form of a GET route that reaches another server: the same handler, its query's fields read
 * from a JSON body instead. Any page can make a browser send a GET (`<img src>`, a link), so such a
 * route must also be callable as a POST, which the server's cross-site checks cover; the GET stays
 * for BrainDrive's clients, refused when another site's page sends it (`crossSiteReads` on the server).
 */
export function postTwin<Ports>(
  route: Route<z.ZodType, z.ZodType, z.ZodType, Ports>,
  operationId: string,
): Route {
  const twin = route as unknown as Route
  return {
    ...twin,
    method: 'post',
    operationId,
    reachesOut: false,
    summary: `${route.summary} (POST)`,
    description:
      `The same as \`GET ${route.path}\`, with the query's fields in a JSON body. ${route.description ?? ''}`.trim(),
    body: twin.query,
    query: undefined,
    handler: (input, ports) => twin.handler({ ...input, query: input.body }, ports),
  }
}
