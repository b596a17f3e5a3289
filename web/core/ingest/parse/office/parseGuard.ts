import { ParseError } from '../../ParseError'

/**
 * Runs a parser body so that it fails only with a ParseError: a hostile file that trips an
 * unexpected exception (an out-of-range read in a library, a stack overflow on absurd nesting)
 * becomes ParseError('corrupt') with `message`, instead of an untyped crash.
 */
export async function guardParse<T>(message: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ParseError) throw error
    throw new ParseError('corrupt', message)
  }
}

/** Throws ParseError('timeout') once the caller's signal has aborted (checked between parts). */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ParseError('timeout', 'Parsing the document took too long and was stopped')
}
