export type ParseErrorCode =
  | 'password_required'
  | 'wrong_password'
  | 'not_supported'
  | 'corrupt'
  | 'no_text'
  | 'timeout'
  /**
   * The document is past a limit of what one file may cost, and the message names the limit and the
   * value: characters of text and chunks (IngestLimits), pages of a PDF, a page too large to draw for
   * OCR, image pixels, XML elements in an Office part, a zip's parts, a compound file's stream.
   */
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
