/**
 * The one error type a handler throws. Hosts never build error responses themselves: `toErrorResult`
 * turns an ApiError (or anything else that escaped a handler) into the `{detail}` body, in one place.
 */
export interface ValidationIssue {
  loc: Array<string | number>
  msg: string
  type: string
}

export class ApiError extends Error {
  readonly status: number
  readonly detail: string | ValidationIssue[]
  /** Headers the answer carries (`Retry-After` on 429, `WWW-Authenticate` on 401); only set when given. */
  declare readonly headers?: Record<string, string>

  constructor(status: number, detail: string | ValidationIssue[], headers?: Record<string, string>) {
    super(typeof detail === 'string' ? detail : detail.map((issue) => issue.msg).join('; '))
    this.name = 'ApiError'
    this.status = status
    this.detail = detail
    if (headers) this.headers = headers
  }

  static badRequest(detail: string): ApiError {
    return new ApiError(400, detail)
  }

  static notFound(detail = 'Not found'): ApiError {
    return new ApiError(404, detail)
  }

  /** The platform API's validation failure (422 with a list of issues). */
  static unprocessable(issues: ValidationIssue[]): ApiError {
    return new ApiError(422, issues)
  }
}
