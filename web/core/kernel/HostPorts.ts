import type { Clock } from './time/Clock'

/** What every host gives every handler and domain: time, ids, who asks, where errors go, limits and fetch. */
export interface HostPorts {
  clock: Clock
  /** A new UUID v4. */
  newId(): string
  /**
   * Who the request is from (records' `user_id`, `/users/{user_id}/...` paths): the signed-in user on
   * the server, the local profile or the signed-in account in the browser.
   */
  currentUserId(): Promise<string>
  /**
   * `connectionTestMs`: how long connection tests and model lists wait (default
   * CONNECTION_TEST_TIMEOUT_MS, 15 s; tests pass less).
   */
  limits: { maxUploadBytes: number; connectionTestMs?: number }
  /**
   * Where requests to URLs a person configured go (model providers): the sync server's outbound
   * policy (DESIGN.md section 10), the browser's fetch. Absent: the global fetch.
   */
  outboundFetch?: typeof fetch
  logError(error: unknown): void
}
