import type pg from 'pg'
import PgBoss from 'pg-boss'
import { withSchemaLock } from '../sql/pgSetupLock'
import type { SqlDriver } from '../sql/SqlDriver'
import type { JobEvent, StoredJob } from './Job'
import type { ClaimHooks, JobClaims } from './JobClaims'
import { jobChanges } from './jobChanges'
import { JobLeases, type RunningClaim } from './JobLeases'
import type { Decide, JobRecords } from './JobRecords'

/** pg-boss's schema, beside the server's `quire` and people's `u_<id>`. */
export const BOSS_SCHEMA = 'pgboss'
/** The one pg-boss queue: each message names a Quire job to start. */
export const BOSS_QUEUE = 'quire_jobs'

/** The part of ClusterBus (cluster/ClusterBus.ts) the jobs use. */
export interface JobBus {
  publish(topic: string, payload: unknown): Promise<void>
  subscribe<T = unknown>(topic: string, fn: (payload: T) => void): () => void
}

export interface BossClaimsOptions {
  /** The process's pool: pg-boss runs its SQL over it (no second pool). */
  pool: pg.Pool
  /** The server's schema (jobs, job_instances). */
  driver: SqlDriver
  bus: JobBus
  /** JOB_LEASE_S in ms: an instance silent this long is dead, and its running jobs are taken over. */
  leaseMs: number
  logError(error: unknown): void
  /** Says a takeover (the server's log). */
  line?(line: string): void
}

const TOPIC = { event: 'job_event', cancel: 'job_cancel', queued: 'job_queued' } as const

/**
 * Jobs of several instances on one PostgreSQL. A Quire job is still its row in `jobs` (records,
 * events, statuses, idempotency as on SQLite); pg-boss carries the claim: creating, retrying or
 * requeuing a Quire job sends a pg-boss job naming it, and an instance with a free slot `fetch`es one
 * (SKIP LOCKED: exactly one instance gets it), starts the Quire job if it is still pending (a
 * compare-and-set, see JobRecords), then completes the pg-boss job at once. From then on the run
 * belongs to the instance recorded in `claimed_by`, kept alive by its heartbeat (JobLeases), not to
 * pg-boss's expiry, which would retry a long run that is still going. A pg-boss job whose instance
 * died between fetch and complete expires after a minute and is fetched again; it starts nothing if
 * its Quire job is no longer pending. Events, cancels and new work reach the other instances over the
 * bus; a lost message costs latency only (streams re-read the table, handlers see the cancel flag at
 * their next step, runners poll).
 */
export class BossClaims implements JobClaims {
  readonly instanceId = crypto.randomUUID()
  private readonly boss: PgBoss
  private readonly leases: JobLeases
  private readonly unsubscribe: Array<() => void> = []
  /** Pending jobs reserved for this instance (JobService.create's `here`), claimed without pg-boss. */
  private readonly reserved = new Set<string>()
  private timer: ReturnType<typeof setInterval> | undefined
  private ticking: Promise<void> | undefined

  constructor(
    private readonly records: JobRecords,
    private readonly options: BossClaimsOptions,
  ) {
    this.leases = new JobLeases(options.driver, this.instanceId, options.leaseMs)
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => options.pool.query(text, values) },
      schema: BOSS_SCHEMA,
      // Only its queue and its maintenance (expiring claims whose instance died mid-claim).
      schedule: false,
    })
    this.boss.on('error', (error) => options.logError(error))
  }

  async start(hooks: ClaimHooks): Promise<void> {
    // pg-boss takes its own lock inside the transaction that creates its schema, which lets a second
    // instance starting at once fail on the catalog (see withSchemaLock): instances start it in turn.
    await withSchemaLock(this.options.pool, BOSS_SCHEMA, async () => {
      await this.boss.start()
      await this.boss.createQueue(BOSS_QUEUE, { name: BOSS_QUEUE, retryLimit: 1000, expireInSeconds: 60 })
    })
    const { bus } = this.options
    this.unsubscribe.push(
      bus.subscribe<{ j: string; e: number }>(TOPIC.event, ({ j, e }) => hooks.remoteEvent(j, e)),
      bus.subscribe<{ j: string }>(TOPIC.cancel, ({ j }) => hooks.abort(j)),
      bus.subscribe(TOPIC.queued, () => hooks.wake()),
    )
    // Other live instances' running jobs are theirs: only the dead's are taken over, now and on each beat.
    await this.tick()
    this.options.line?.(
      `Jobs: instance ${this.instanceId}, claims through pg-boss, lease ${this.options.leaseMs / 1000} s`,
    )
    const every = Math.max(100, Math.floor(this.options.leaseMs / 3))
    this.timer = setInterval(() => {
      this.ticking ??= this.tick()
        .catch(this.options.logError)
        .finally(() => (this.ticking = undefined))
    }, every)
  }

  /** The runner has stopped: this instance's unfinished jobs go back to the queue at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer)
    await this.ticking
    for (const stop of this.unsubscribe.splice(0)) stop()
    for (const claim of await this.leases.mine()) await this.takeOver(claim, 'stopped')
    await this.leases.leave()
    await this.boss.stop({ graceful: false, close: false })
  }

  /** A failed send is logged, not thrown: the job is stored, and the next beat sends it (`unqueued`). */
  async queued(job: StoredJob): Promise<void> {
    if (job.claimed_by === this.instanceId) {
      this.reserved.add(job.id)
      return
    }
    try {
      await this.boss.send(
        BOSS_QUEUE,
        { id: job.id },
        {
          // pg-boss keeps an int4; Quire's priorities may be any safe integer (order is what counts).
          priority: Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, job.priority)),
          startAfter: job.scheduled_for ? new Date(job.scheduled_for) : undefined,
        },
      )
      this.publish(TOPIC.queued, {})
    } catch (error) {
      this.options.logError(error)
    }
  }

  async next(open: () => boolean, decide: Decide): Promise<StoredJob | undefined> {
    for (const id of this.reserved) {
      if (!open()) return undefined
      this.reserved.delete(id)
      const changed = await this.records.change(id, undefined, (job, at) =>
        job.status === 'pending' && job.claimed_by === this.instanceId ? decide(job, at) : undefined,
      )
      if (changed?.event) return changed.job
    }
    while (open()) {
      const [claim] = await this.boss.fetch<{ id: string }>(BOSS_QUEUE, { batchSize: 1 })
      if (!claim) return undefined
      try {
        // A message may be stale (the job was cancelled, or already started from another message).
        const changed = await this.records.change(claim.data.id, undefined, (job, at) =>
          job.status === 'pending' ? decide(job, at) : undefined,
        )
        if (changed?.event) return changed.job
      } finally {
        await this.boss.complete(BOSS_QUEUE, claim.id)
      }
    }
    return undefined
  }

  hasDue(): Promise<boolean> {
    return this.records.hasDue()
  }

  stored(event: JobEvent): void {
    this.publish(TOPIC.event, { j: event.job_id, e: event.id })
  }

  cancelRequested(jobId: string): void {
    this.publish(TOPIC.cancel, { j: jobId })
  }

  private async tick(): Promise<void> {
    for (const claim of await this.leases.orphans()) await this.takeOver(claim, 'died')
    const before = new Date(Date.now() - this.options.leaseMs).toISOString()
    for (const id of await this.leases.unqueued(BOSS_QUEUE, before)) {
      const job = await this.records.find(id)
      if (job?.status === 'pending') await this.queued(job)
    }
  }

  /**
   * Requeues (or, with a cancel pending, cancels) a running job its instance left, if it is still
   * that instance's: two instances noticing at once both try, and the compare-and-set lets one win.
   */
  private async takeOver(claim: RunningClaim, why: 'died' | 'stopped'): Promise<void> {
    const changed = await this.records.change(claim.id, undefined, (job, at) => {
      if (job.claimed_by !== claim.claimed_by) return undefined
      if (job.status === 'pending') return job.claimed_by ? jobChanges.requeued() : undefined
      if (job.status !== 'running') return undefined
      return job.cancel_requested ? jobChanges.cancelled(at) : jobChanges.requeued()
    })
    if (changed?.event?.type !== 'requeued') return
    if (why === 'died') {
      this.options.line?.(
        `Job ${claim.id} requeued: its instance ${claim.claimed_by ?? '(none)'} stopped beating`,
      )
    }
    await this.queued(changed.job)
  }

  private publish(topic: string, payload: unknown): void {
    this.options.bus.publish(topic, payload).catch(this.options.logError)
  }
}
