/** One load-test target and how hard to push it; sent as-is to the load-generator process. */
export interface LoadTestOptions {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** Measured seconds (whole seconds: autocannon stops on its 1 s sample tick). */
  durationS: number
  connections: number
  /** Seconds of the same load run first and thrown away, so JIT and caches are warm; 0 skips it. */
  warmupS: number
}

/** What one measured run produced; latencies are over every response, in milliseconds, null without any. */
export interface LoadSummary {
  requests: number
  requestsPerSec: number
  p50Ms: number | null
  p99Ms: number | null
  /** Connection errors and timeouts. */
  errors: number
  non2xx: number
  durationS: number
  connections: number
}

/** The load-generator process's one answer over IPC. */
export type LoadTestReply = { ok: true; summary: LoadSummary } | { ok: false; error: string }
