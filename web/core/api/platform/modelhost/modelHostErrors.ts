import { GeneratorError } from '../../../generate/GeneratorError'
import { withCorsHint } from '../../../modelhost/corsHint'
import { ApiError } from '../../../kernel/ApiError'

/**
 * A failure to reach or use the Ollama server as the answer the client gets: a GeneratorError (worded
 * by `providerFetch`: unreachable, Ollama's own error) is a 502, a 400 when the server's outbound
 * policy will not reach the address (it never will: the URL must change), or a 404 when Ollama
 * answered 404 and `notFound` says that means something to the route (delete: no such model). In the browser a request that failed without an answer is usually CORS:
 * the detail then says how to allow this page.
 */
export function modelHostError(error: unknown, corsOrigin: string | undefined, notFound = false): unknown {
  if (!(error instanceof GeneratorError)) return error
  const detail = withCorsHint(error.message, corsOrigin)
  if (error.refused) return new ApiError(400, detail)
  return new ApiError(notFound && error.status === 404 ? 404 : 502, detail)
}
