import type { JobEvent, StoredJob } from './Job'
import type { JobPick } from './JobPick'
import type { Decide } from './JobRecords'

/** The runner's side of a pick: which pool has the free slot, its types and its per-person cap. */
export type PoolPick = Pick<JobPick, 'outboundTypes' | 'outbound' | 'perUser'>

/** What the claims may ask of this instance's runner and service. */
export interface ClaimHooks {
  /** Whether this instance's runner has a handler running for the job. */
  runsHere(jobId: string): boolean
  /** Aborts this instance's run of the job: a cancel asked on another instance. */
  abort(jobId: string): void
  /** Another instance stored the job's event `eventId`: tell this instance's subscribers. */
  remoteEvent(jobId: string, eventId: number): void
  /** Look for work now. */
  wake(): void
}

/**
 * Who runs which job: the one seam between the runner and how jobs are claimed. `LocalClaims` is
 * SQLite's single process; `BossClaims` is several instances on PostgreSQL, pg-boss carrying the
 * claim and `JobLeases` taking over a dead instance's jobs. The jobs table stays the record of every
 * job either way (statuses, events, idempotency), so clients see no difference.
 */
export interface JobClaims {
  /** This instance's id, recorded in `claimed_by` of the jobs it starts. */
  readonly instanceId: string
  /** Recovers jobs left running by instances that are gone, then keeps doing so while started. */
  start(hooks: ClaimHooks): Promise<void>
  /** After the runner stopped: what becomes of this instance's unfinished jobs (see each kind). */
  stop(): Promise<void>
  /** The job became pending (created, retried, requeued): make it claimable. */
  queued(job: StoredJob): Promise<void>
  /**
   * Starts the pool's next due job in the fair order (JobPick) on this instance with `decide`, unless
   * `open` says no; undefined: none.
   */
  next(pool: PoolPick, open: () => boolean, decide: Decide): Promise<StoredJob | undefined>
  /** Whether a pending job is due (for idle()). */
  hasDue(): Promise<boolean>
  /** An event this instance stored: other instances' subscribers hear of it. */
  stored(event: JobEvent): void
  /** A cancel asked here of a running job: the instance running it aborts its handler. */
  cancelRequested(jobId: string): void
}
