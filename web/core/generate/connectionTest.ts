import { GeneratorError } from './GeneratorError'

/**
 * How long a connection test or a model list may take. Either is a quick read on every provider; a
 * server that accepts the connection and then says nothing would otherwise hold the test button (and
 * Settings' model pickers) until the outbound idle limit, which is two minutes because a model that
 * is loading may really need that long before its first token. Hosts may pass a shorter one
 * (`ApiPorts.limits.connectionTestMs`; the server's tests do).
 */
export const CONNECTION_TEST_TIMEOUT_MS = 15_000

/**
 * Runs `attempt` with a signal that aborts after `ms`; past it, a GeneratorError saying that `who`
 * did not `doing` in time ("Ollama at URL did not answer within 15 s."), which callers report like
 * any unreachable provider.
 */
export async function withinConnectionTest<T>(
  ms: number,
  who: string,
  attempt: (signal: AbortSignal) => Promise<T>,
  doing = 'answer',
): Promise<T> {
  const signal = AbortSignal.timeout(ms)
  try {
    return await attempt(signal)
  } catch (error) {
    if (!signal.aborted) throw error
    throw new GeneratorError(`${who} did not ${doing} within ${ms / 1000} s.`)
  }
}
