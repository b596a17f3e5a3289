// autocannon 8 ships no type declarations and @types/autocannon is not installed, so this declares only
// the part of its programmatic API that bench/lib/runAutocannon.ts uses. Widen it here when a benchmark
// needs more; a wrong field here is not caught by the compiler, only by the smoke test.
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
    headers?: Record<string, string>
    body?: string
    connections?: number
    /** Seconds. The run stops at the first 1 s sample tick after this, so fractions are rounded up. */
    duration?: number
    /** Per-request timeout in seconds; a timeout counts as an error. */
    timeout?: number
  }

  interface AutocannonResult {
    /** Wall-clock seconds the run lasted, to 10 ms. */
    duration: number
    /** Connection errors plus timeouts. */
    errors: number
    timeouts: number
    /** Responses outside 2xx. */
    non2xx: number
    requests: { total: number; sent: number; average: number }
  }

  interface AutocannonInstance extends PromiseLike<AutocannonResult> {
    /** One event per response; `responseTime` is in milliseconds with sub-millisecond precision. */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this
    stop(): void
  }

  export default function autocannon(options: AutocannonOptions): AutocannonInstance
}
