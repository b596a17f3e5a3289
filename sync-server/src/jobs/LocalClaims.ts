import type { ClaimHooks, JobClaims, PoolPick } from './JobClaims'
import { jobChanges } from './jobChanges'
import type { Decide, JobRecords } from './JobRecords'

/**
 * Claims of a single process (SQLite): the next due job in the fair order (JobPick) is taken from
 * the table under the records' in-process queue. A job found `running` at start had its process die
 * or stop mid-run: it goes back to `pending` (`requeued`), or ends `cancelled` when a cancel was
 * asked for. Jobs whose handler, in this very process, outlived an earlier stop are left to that
 * handler. A stop leaves its jobs `running` for the next start.
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

  next(pool: PoolPick, open: () => boolean, decide: Decide) {
    // One process: a job reserved by an earlier start of it (another id) is this process's to run.
    const pick = { ...pool, instanceId: this.instanceId, honourReservations: false }
    return this.records.claimNext(pick, open, decide)
  }

  hasDue(): Promise<boolean> {
    return this.records.hasDue()
  }

  stored(): void {}

  cancelRequested(): void {}
}
