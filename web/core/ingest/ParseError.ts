export type ParseErrorCode =
  | 'password_required'
  | 'wrong_password'
  | 'not_supported'
  | 'corrupt'
  | 'no_text'
  | 'timeout'
  /** The document expands past the host's limits (IngestLimits: characters of text, chunks). */
  | 'too_large'

/**
 * Why a document could not be parsed. `message` is shown to the user as the document's
 * `metadata.error`, so it says what happened in plain words ("This PDF needs a password").
 */
export class ParseError extends Error {
  readonly code: ParseErrorCode

  constructor(code: ParseErrorCode, message: string) {
    super(message)
    this.name = 'ParseError'
    this.code = code
  }
}
