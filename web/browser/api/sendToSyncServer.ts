import type { ForwardedRequest } from './ApiWorkerApi'
import { browserApiWorker } from './startBrowserApi'

/** A page's request as the API worker takes it to forward (`forwardToServer`). */
export async function toForwardedRequest(request: Request): Promise<ForwardedRequest> {
  const url = new URL(request.url)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return {
    method: request.method,
    url: url.pathname + url.search,
    headers: [...request.headers.entries()],
    body: hasBody ? await request.arrayBuffer() : undefined,
  }
}

/**
 * Sends a request to the sync server as the signed-in account, through the API worker, which holds
 * the account's token (the page never sees it); with no one signed in, to this origin with its
 * cookies. Answers what the server answered, or a 503 when no server answers.
 */
export async function sendToSyncServer(request: Request): Promise<Response> {
  const { status, headers, stream } = await browserApiWorker().forward(await toForwardedRequest(request))
  return new Response(stream ?? null, { status, headers })
}
