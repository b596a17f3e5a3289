/**
 * The reason a handler's signal aborts with. `cancelled`: the user cancelled the job, which ends
 * `cancelled` whatever the handler then throws. `shutdown`: the service is stopping; the job stays
 * `running` in the database and is requeued at the next start, so a handler should simply give up.
 */
export class JobAbortedError extends Error {
  constructor(readonly why: 'cancelled' | 'shutdown') {
    super(why === 'cancelled' ? 'The job was cancelled' : 'The job service is shutting down')
    this.name = 'AbortError'
  }
}
