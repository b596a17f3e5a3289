import { createHash } from 'node:crypto'
import type pg from 'pg'
import { LocalStreamSlots, type StreamSlots } from '../EventStreamLimit'
import { isAlive, JobLeases } from '../jobs/JobLeases'
import { PgDriver } from '../sql/PgDriver'
import { SERVER_SCHEMA } from '../sql/openDatabases'
import { pgSetupLock, withAdvisoryLock } from '../sql/pgSetupLock'

const S = SERVER_SCHEMA

/**
 * Writes this instance's count of a person's streams, if with the live other instances' counts it
 * stays within the cap ($4); no row comes back when it would not. The others' rows count only while
 * their instance's heartbeat (the jobs' `job_instances`, JobLeases) is within the lease ($5).
 */
const TAKE = `INSERT INTO ${S}.event_streams (instance_id, user_id, open)
  SELECT $1, $2, CAST($3 AS INTEGER)
  WHERE CAST($3 AS INTEGER) + (
    SELECT COALESCE(SUM(s.open), 0) FROM ${S}.event_streams s
    WHERE s.user_id = $2 AND s.instance_id <> $1 AND EXISTS (
      SELECT 1 FROM ${S}.job_instances i WHERE i.id = s.instance_id AND ${isAlive('i.heartbeat_at', '$5')}
    )
  ) <= CAST($4 AS INTEGER)
  ON CONFLICT (instance_id, user_id) DO UPDATE SET open = EXCLUDED.open
  RETURNING open`

/** This instance's count of a person's streams, set (not decremented): a lost write is repaired by the next. */
const SET = `INSERT INTO ${S}.event_streams (instance_id, user_id, open) VALUES ($1, $2, $3)
  ON CONFLICT (instance_id, user_id) DO UPDATE SET open = EXCLUDED.open`
const CLEAR = `DELETE FROM ${S}.event_streams WHERE instance_id = $1 AND user_id = $2`
const LEAVE = `DELETE FROM ${S}.event_streams WHERE instance_id = $1`
/** Rows of instances whose heartbeat row is gone (JobLeases forgets them a hundred leases after they died). */
const FORGET = `DELETE FROM ${S}.event_streams s
  WHERE NOT EXISTS (SELECT 1 FROM ${S}.job_instances i WHERE i.id = s.instance_id)`

export interface PgStreamSlotsOptions {
  /** The id this instance beats under in `job_instances` (JobService.instanceId). */
  instanceId: string
  /** JOB_LEASE_S in ms: another instance silent this long holds no streams any more. */
  leaseMs: number
  logError(error: unknown): void
}

/**
 * MAX_EVENT_STREAMS_PER_USER across the instances on one PostgreSQL: `quire.event_streams` holds
 * each instance's count of each person's open streams, and a person's streams are the sum over the
 * instances that are alive by the jobs' heartbeats, so the streams of an instance killed without a
 * goodbye stop counting one lease (JOB_LEASE_S) after its last beat, and its rows go when its
 * heartbeat row does. A graceful stop deletes this instance's rows.
 *
 * Taking and giving a slot run under an advisory lock per person (a session lock, taken before the
 * one statement that checks and writes, on the same connection, so the statement's snapshot sees
 * every earlier holder's write): two instances cannot both take the last slot. This instance's own
 * count is kept in memory too and written as a value, never as +1/-1, so a write lost to a database
 * error is corrected by the person's next open or close here.
 *
 * When PostgreSQL fails, the count falls back to this instance alone (the cap then holds per
 * instance, as before the cluster), logged: a stream is never refused because the database is down.
 */
export class PgStreamSlots implements StreamSlots {
  private readonly here = new LocalStreamSlots()
  /** Counts being written after a close, awaited by `leave` (the pool ends after it). */
  private readonly writing = new Set<Promise<void>>()

  private constructor(
    private readonly pool: pg.Pool,
    private readonly options: PgStreamSlotsOptions,
  ) {}

  /** Creates the table (the server schema's setup lock, as every table made outside the migrations). */
  static async open(pool: pg.Pool, options: PgStreamSlotsOptions): Promise<PgStreamSlots> {
    await pgSetupLock(pool, S, (client) =>
      client.query(`
        CREATE SCHEMA IF NOT EXISTS ${S};
        CREATE TABLE IF NOT EXISTS ${S}.event_streams (
          instance_id TEXT NOT NULL,
          user_id TEXT NOT NULL,
          open INTEGER NOT NULL,
          PRIMARY KEY (instance_id, user_id)
        );
        ${FORGET};
      `),
    )
    // Others count this instance's streams only while it is alive by its heartbeat, and its job
    // service first beats once the server listens (startServer): beat now, before any stream opens.
    await new JobLeases(new PgDriver(pool, S), options.instanceId, options.leaseMs).beat()
    return new PgStreamSlots(pool, options)
  }

  async take(userId: string, max: number): Promise<boolean> {
    const { instanceId, leaseMs } = this.options
    try {
      return await this.locked(userId, async (client) => {
        const open = this.here.count(userId) + 1
        const taken = await client.query(TAKE, [instanceId, userId, open, max, leaseMs])
        return taken.rowCount === 1 && this.here.take(userId, max)
      })
    } catch (error) {
      this.options.logError(error)
      return this.here.take(userId, max)
    }
  }

  give(userId: string): void {
    this.here.give(userId)
    const { instanceId, logError } = this.options
    const write = this.locked(userId, async (client) => {
      // Read under the lock: a take that ran meanwhile wrote its count, and this one is newer.
      const open = this.here.count(userId)
      if (open > 0) await client.query(SET, [instanceId, userId, open])
      else await client.query(CLEAR, [instanceId, userId])
    })
      .catch(logError)
      .finally(() => this.writing.delete(write))
    this.writing.add(write)
  }

  /** Resolves once the counts of streams closed so far are written. */
  async written(): Promise<void> {
    await Promise.all(this.writing)
  }

  /** A graceful stop (streams closed): this instance's streams are gone at once, not a lease later. */
  async leave(): Promise<void> {
    await this.written()
    await this.pool.query(LEAVE, [this.options.instanceId])
  }

  private locked<T>(userId: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const key = createHash('sha256').update(`quire:streams:${userId}`).digest().readBigInt64BE(0).toString()
    return withAdvisoryLock(this.pool, key, work)
  }
}
