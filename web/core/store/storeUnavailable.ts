/**
 * Where the database behind a host's store is away for a while (restarting, crashed, unreachable),
 * recognised by how its client reports it: a socket refused or cut (Node's `ECONNREFUSED`,
 * `ECONNRESET`...), PostgreSQL's SQLSTATE class 08 (connection exception), 57P01-57P03 (shut down by
 * an administrator or a crash, or still starting: "not yet accepting connections") or 53300 (too many
 * connections), or the node-postgres client's own "Connection terminated" errors, which carry no code.
 * Only the error itself is looked at, never its `cause`: a fetch to another server that failed is
 * that server's failure, worded where it is made, not the database's.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
const CLIENT_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/

export function storeUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (
    typeof code === 'string' &&
    (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
  )
    return true
  return typeof message === 'string' && CLIENT_MESSAGES.test(message)
}

/** Seconds a client is asked to wait before sending the request again (a restart takes a few). */
export const STORE_UNAVAILABLE_RETRY_S = 5

export const STORE_UNAVAILABLE_MESSAGE =
  'The server’s database is not answering just now (it may be restarting), so this request was not completed. Try again in a few seconds; what was stored before is kept.'
