import { ParseError } from '../ingest/ParseError'

/** The ParseError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function parseErrorOf(promise: Promise<unknown>): Promise<ParseError> {
  const outcome = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(outcome instanceof ParseError)) {
    throw new Error(`expected a ParseError, got ${outcome === undefined ? 'a result' : String(outcome)}`)
  }
  return outcome
}
