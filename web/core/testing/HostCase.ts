/**
 * A named check that a host-agnostic suite (store conformance, REST contract) hands to whichever
 * runner executes it. `C` is what the runner provides: a fresh store, an HTTP client, ...
 */
export interface HostCase<C> {
  name: string
  run(context: C): Promise<void>
}
