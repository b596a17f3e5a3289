import type pg from 'pg'
import PgBoss from 'pg-boss'
import { withSchemaLock } from '../sql/pgSetupLock'
import type { SqlDriver } from '../sql/SqlDriver'
import type { JobEvent, StoredJob } from './Job'
import type { ClaimHooks, JobClaims, PoolPick } from './JobClaims'
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
  async queued(job: StoredJob, announce = true): Promise<void> {
    // Reserved for this instance (JobService.create's `here`): started without a ticket.
    if (job.claimed_by === this.instanceId) return
    try {
      await this.boss.send(
        BOSS_QUEUE,
        { id: job.id },
        {
          // Which ticket comes first hardly matters (the pick is JobPick's); pg-boss keeps an int4.
          priority: Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, job.priority)),
          startAfter: job.scheduled_for ? new Date(job.scheduled_for) : undefined,
        },
      )
      if (announce) this.publish(TOPIC.queued, {})
    } catch (error) {
      this.options.logError(error)
    }
  }

  /**
   * The jobs table says which job (the fair order, JobPick: it sees every instance's runs), pg-boss
   * whether this instance may start one now: a slot takes a pg-boss job as its ticket (SKIP LOCKED:
   * each ticket goes to one instance) and starts the fairest pending job, not necessarily the one the
   * ticket names; that one, still pending, is sent again, so every pending job keeps a pg-boss job.
   * Starting is the compare-and-set on the job: an instance that lost the race picks again. A job
   * reserved for this instance needs no ticket: no other instance may start it.
   */
  async next(pool: PoolPick, open: () => boolean, decide: Decide): Promise<StoredJob | undefined> {
    const pick = { ...pool, instanceId: this.instanceId, honourReservations: true }
    while (open()) {
      const fairest = await this.records.fairNext(pick)
      if (!fairest) return undefined
      if (fairest.claimed_by === this.instanceId) {
        const started = await this.startPending(fairest.id, decide)
        if (started) return started
        continue
      }
      const [ticket] = await this.boss.fetch<{ id: string }>(BOSS_QUEUE, { batchSize: 1 })
      // Every ticket is taken: the instances holding them start the pending jobs.
      if (!ticket) return undefined
      try {
        const started = await this.startPending(fairest.id, decide)
        if (started?.id !== ticket.data.id) await this.sendAgain(ticket.data.id)
        if (started) return started
      } finally {
        await this.boss.complete(BOSS_QUEUE, ticket.id)
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

  /** Starts the job if it is still pending (and not another instance's reservation). */
  private async startPending(id: string, decide: Decide): Promise<StoredJob | undefined> {
    const changed = await this.records.change(id, undefined, (job, at) =>
      job.status === 'pending' && (job.claimed_by === null || job.claimed_by === this.instanceId)
        ? decide(job, at)
        : undefined,
    )
    return changed?.event ? changed.job : undefined
  }

  /** A ticket used for another job: the job it named, still pending, gets a pg-boss job again. */
  private async sendAgain(id: string): Promise<void> {
    const job = await this.records.find(id)
    // Other instances already know of it: no `queued` message.
    if (job?.status === 'pending' && job.claimed_by === null) await this.queued(job, false)
  }

  private publish(topic: string, payload: unknown): void {
    this.options.bus.publish(topic, payload).catch(this.options.logError)
  }
}
