import type { Remote } from 'comlink'
import { getResponse } from 'msw'
import type { ApiWorkerApi, RouteSummary, WorkerRequest } from '../api/ApiWorkerApi'
import { browserHandlers } from '../api/browserHandlers'

/** The page's origin for the echoing router: requests elsewhere pass it by, as in the app. */
export const ECHO_ORIGIN = 'http://localhost'

/** Where a request went: the route (its index in the table, its operationId) and parameters, or a refusal. */
export interface EchoAnswer {
  status: number
  route?: number
  operationId?: string
  params?: Record<string, string>
  detail?: string
}

/**
 * The browser host's msw router (`browserHandlers`) over `table`, in front of a stand-in API worker that
 * runs nothing: it answers which route it was asked to run, with the parameters (200), records each
 * request it forwards to the sync server and answers it 299, and serves an OpenAPI document. For the
 * tests of which route a request reaches. `send` answers undefined where msw lets the request pass.
 */
export function echoingRouter(table: ReadonlyArray<RouteSummary & { operationId?: string }>) {
  const forwarded: string[] = []
  const api = {
    invoke: async (request: WorkerRequest) => ({
      status: 200,
      body: { route: request.route, params: request.params },
    }),
    forward: async (request: { url?: string; path?: string }) => {
      forwarded.push(String(request.url ?? request.path))
      return { status: 299 }
    },
    openApi: async () => ({ openapi: '3.1.0' }),
  } as unknown as Remote<ApiWorkerApi>
  const handlers = browserHandlers(
    api,
    table.map(({ method, path }) => ({ method, path })),
    ECHO_ORIGIN,
  )

  async function send(method: string, url: string, body?: string): Promise<EchoAnswer | undefined> {
    const response = await getResponse(handlers, new Request(url, { method, body }), { baseUrl: ECHO_ORIGIN })
    if (!response) return undefined
    const json = (await response.json().catch(() => ({}))) as Omit<EchoAnswer, 'status' | 'operationId'>
    return {
      status: response.status,
      operationId: json.route === undefined ? undefined : table[json.route]?.operationId,
      ...json,
    }
  }

  return { forwarded, send }
}
