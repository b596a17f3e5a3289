import { browserApiWorker } from './startBrowserApi'
import { toForwardedRequest } from './toForwardedRequest'

/**
 * Sends a request to the sync server as the signed-in account, through the API worker, which holds
 * the account's token (the page never sees it); with no one signed in, to this origin with its
 * cookies. Answers what the server answered, or a 503 when no server answers.
 */
export async function sendToSyncServer(request: Request): Promise<Response> {
  const { status, headers, stream } = await browserApiWorker().forward(await toForwardedRequest(request))
  return new Response(stream ?? null, { status, headers })
}
