/**
 * The one error type a handler throws. Hosts never build error responses themselves: `toErrorResult`
 * turns an ApiError (or anything else that escaped a handler) into the `{detail}` body, in one place.
 */
export class ApiError extends Error {
  readonly status: number
  readonly detail: string

  constructor(status: number, detail: string) {
    super(detail)
    this.name = 'ApiError'
    this.status = status
    this.detail = detail
  }

  static badRequest(detail: string): ApiError {
    return new ApiError(400, detail)
  }

  static notFound(detail = 'Not found'): ApiError {
    return new ApiError(404, detail)
  }
}
