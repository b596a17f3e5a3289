import { GeneratorError } from '../generate/GeneratorError'
import { ApiError } from '../kernel/ApiError'

/**
 * A model provider that failed, as the answer the client gets: one the host's outbound policy will
 * not reach is a 400 naming the rule (the URL must change; trying again cannot help), any other
 * failure (down, refused by the provider, wrong key, a model missing) a 502, never our 500.
 */
export function generatorFailure(error: unknown): unknown {
  if (!(error instanceof GeneratorError)) return error
  return new ApiError(error.refused ? 400 : 502, error.message)
}
