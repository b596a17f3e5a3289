import type { ForwardedRequest } from './ApiWorkerApi'

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
