/**
 * What the UI's API client throws for any failed request. `status` is 0 when no response arrived at all
 * (the service worker is gone, the network is down for a remote host), so callers can tell "the API said
 * no" from "the API could not be reached".
 */
export class ApiRequestError extends Error {
  readonly status: number
  readonly detail: string

  constructor(status: number, detail: string) {
    super(detail)
    this.name = 'ApiRequestError'
    this.status = status
    this.detail = detail
  }
}

/** The sentence to show a person for any error a page caught. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiRequestError) return error.detail
  if (error instanceof Error && error.message) return error.message
  return 'Something went wrong.'
}
