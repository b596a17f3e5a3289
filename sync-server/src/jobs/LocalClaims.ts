import type { ClaimHooks, JobClaims } from './JobClaims'
import { jobChanges } from './jobChanges'
import type { Decide, JobRecords } from './JobRecords'

/**
 * Claims of a single process (SQLite): the next due job is taken from the table under the records'
 * in-process queue. A job found `running` at start had its process die or stop mid-run: it goes back
 * to `pending` (`requeued`), or ends `cancelled` when a cancel was asked for. Jobs whose handler, in
 * this very process, outlived an earlier stop are left to that handler. A stop leaves its jobs
 * `running` for the next start.
 */
export class LocalClaims implements JobClaims {
  readonly instanceId = crypto.randomUUID()

  constructor(private readonly records: JobRecords) {}

  async start(hooks: ClaimHooks): Promise<void> {
    for (const job of await this.records.running()) {
      if (hooks.runsHere(job.id)) continue
      await this.records.change(job.id, undefined, (current, at) => {
        if (current.status !== 'running') return undefined
        return current.cancel_requested ? jobChanges.cancelled(at) : jobChanges.requeued()
      })
    }
  }

  async stop(): Promise<void> {}

  async queued(): Promise<void> {}

  next(open: () => boolean, decide: Decide) {
    return this.records.claimNext(open, decide)
  }

  hasDue(): Promise<boolean> {
    return this.records.hasDue()
  }

  stored(): void {}

  cancelRequested(): void {}
}
