import type { Clock } from '../../../web/core/kernel/time/Clock'

/** The database behind the server's records: `version` is PostgreSQL's server version. */
export interface DatabaseHealth {
  kind: 'sqlite' | 'postgres'
  ok: boolean
  latency_ms: number
  version?: string
  error?: string
}

/** The job queue: jobs waiting (`pending`) and being worked on (`running`), across every instance. */
export interface QueueHealth {
  kind: 'in-process' | 'pg-boss'
  ok: boolean
  pending: number
  running: number
  error?: string
}

/**
 * What only the server reports on `GET /health` (DESIGN.md section 4: a host's extra capability is a
 * ports type of its own). Each check answers within its time box, never throws: a failure is `ok: false`
 * with the reason.
 */
export interface ServerHealthPorts {
  clock: Clock
  /**
   * Who may create an account (REGISTRATION's mode; `closed` without accounts): public so that the app's
   * sign-up form asks for an invite token where one is needed, before a refusal does.
   */
  registration: 'open' | 'closed' | 'invite'
  /**
   * Whether the server has accounts (false with QUIRE_SINGLE_USER=1): public so that the app, signed out,
   * asks a server without accounts for its data and never sends a server with accounts a request it can
   * only refuse (401).
   */
  accounts: boolean
  database(): Promise<DatabaseHealth>
  queue(): Promise<QueueHealth>
}
