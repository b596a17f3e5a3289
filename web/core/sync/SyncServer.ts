import { ClockDriftError, parseHlc, type HlcClock } from './Hlc'
import { mergeChange } from './mergeChange'
import { SerialQueue } from './SerialQueue'
import type { SyncChange, SyncRecord } from './SyncRecord'

/** The server's storage of one person's synced records (SQLite on the server, memory in tests). */
export interface SyncServerStore {
  getRecord(kind: string, id: string): Promise<SyncRecord | undefined>
  /**
   * Stores the merged record and moves it to the end of the change log with a new sequence number,
   * which it returns. Atomic. A record holds one place in the log, its latest: a pull sends its
   * current version once, whatever it went through since the cursor.
   */
  putRecord(record: SyncRecord): Promise<number>
  /**
   * Stores a push's merged records, each at a new seq as `putRecord` does, and moves the client's
   * applied counter to `counter`, in ONE transaction: a crash or a failure part way leaves all of
   * them or none (a push is acknowledged all or nothing). Resolves the latest seq.
   */
  putPushed(records: readonly SyncRecord[], clientId: string, counter: number): Promise<number>
  /** The counter of the last mutation applied from this client (0 if none). */
  appliedCounter(clientId: string): Promise<number>
  setAppliedCounter(clientId: string, counter: number): Promise<void>
  /** Records changed after `after`, oldest first, at most `limit`, with their seq. */
  changesAfter(after: number, limit: number): Promise<Array<{ seq: number; record: SyncRecord }>>
  /** The highest seq handed out (compaction never lowers it). */
  latestSeq(): Promise<number>
  /**
   * The highest seq whose record compaction dropped (0 when none was): a client whose cursor is below
   * it may have missed a delete that is no longer in the log, and must resync from 0.
   */
  horizon(): Promise<number>
}

/** One local write of a client, numbered by that client's own counter (1, 2, 3, ... without gaps). */
export interface Mutation {
  counter: number
  change: SyncChange
}

/** Why a push stopped before its end; everything before `counter` was applied. */
export interface PushRefusal {
  counter: number
  /**
   * `clock_drift`: a stamp too far ahead of the server's clock (fix the clock, re-stamp);
   * `gap`: the server has not seen `counter - 1` (it lost data, or the client skipped a number);
   * `invalid`: a malformed mutation (a client bug). The client cannot get past any of them by retrying.
   */
  reason: 'clock_drift' | 'gap' | 'invalid'
  message: string
  /** For `clock_drift`: how far ahead the stamp was, in ms. */
  driftMs?: number
}

export interface PushResult {
  /** The highest counter now applied for this client: the client may forget its mutations up to it. */
  acked: number
  /** The server's latest seq after this push. */
  cursor: number
  refused?: PushRefusal
}

export interface PullResult {
  changes: Array<{ seq: number; record: SyncRecord }>
  /** Where the next pull starts: the last seq sent (or `after` when nothing was). */
  cursor: number
  more: boolean
  /** The cursor is below the horizon (or beyond the log): drop it and pull from 0. */
  reset?: true
}

/** The highest stamp of a stored record's fields and tombstone (stamps compare as text). */
function highestStamp(record: SyncRecord): string | undefined {
  const stamps = Object.values(record.fields).map((field) => field.hlc)
  if (record.deleted) stamps.push(record.deleted.hlc)
  return stamps.sort().at(-1)
}

const DEFAULT_PULL_LIMIT = 500
const MAX_PULL_LIMIT = 1000

/** Every stamp of a change, each checked; the highest last. Throws SyntaxError on a malformed one. */
function stampsOf(change: SyncChange): string[] {
  if (typeof change?.kind !== 'string' || !change.kind || typeof change.id !== 'string' || !change.id) {
    throw new SyntaxError('A change needs a kind and an id')
  }
  if (typeof change.fields !== 'object' || change.fields === null)
    throw new SyntaxError('A change needs fields')
  const stamps = Object.values(change.fields).map((s) => s.hlc)
  if (change.deleted) {
    if (typeof change.deleted.value !== 'boolean') throw new SyntaxError('A tombstone is true or false')
    stamps.push(change.deleted.hlc)
  }
  stamps.forEach(parseHlc)
  return stamps.sort()
}

/**
 * The server side of sync. Push applies each client's mutations once and in order; pull hands out
 * whole merged records after a cursor. Pushes run one at a time (a read-merge-write per record).
 */
export class SyncServer {
  private readonly pushes = new SerialQueue()

  /**
   * Hears every record a push merged, before the push is acknowledged: the server host applies it
   * to the person's data there. A throw fails the push unacknowledged, so the device sends it again.
   */
  onPushed: ((record: SyncRecord) => Promise<void>) | undefined

  /**
   * `exclusive`: runs a push or a server write with the person's log to itself across processes
   * (several server instances on one database: each one's queue only orders its own). A record's
   * read-merge-write that interleaved with another instance's would lose one of the two writes.
   */
  constructor(
    private readonly store: SyncServerStore,
    private readonly clock: HlcClock,
    private readonly exclusive: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  ) {}

  /**
   * A write made on the server itself (a script's REST request): stamped with the server's clock,
   * merged and logged like a pushed one, so every device pulls it. Resolves the record's new seq.
   */
  change(kind: string, id: string, fields: Record<string, unknown>): Promise<number> {
    return this.writeLocal(kind, id, (hlc) => ({
      kind,
      id,
      fields: Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, { value, hlc }])),
      deleted: { value: false, hlc },
    }))
  }

  /** A delete made on the server itself: the tombstone, stamped with the server's clock. */
  remove(kind: string, id: string): Promise<number> {
    return this.writeLocal(kind, id, (hlc) => ({ kind, id, fields: {}, deleted: { value: true, hlc } }))
  }

  private writeLocal(kind: string, id: string, make: (hlc: string) => SyncChange): Promise<number> {
    return this.serially(async () => {
      const existing = await this.store.getRecord(kind, id)
      // Past every stamp the record holds before stamping: another server over the same log (several
      // instances on one database) may have written it with a clock ahead of this one, and this write,
      // made after that one, must win. A stamp too far ahead is not followed (as at open).
      const highest = existing && highestStamp(existing)
      if (highest) {
        try {
          this.clock.receive(highest)
        } catch (error) {
          if (!(error instanceof ClockDriftError)) throw error
        }
      }
      const change = make(this.clock.tick())
      stampsOf(change)
      const { record } = mergeChange(existing, change)
      return this.store.putRecord(record)
    })
  }

  /**
   * Applies mutations with counter > the client's applied counter, in counter order; skips the rest
   * (a retried push applies once). Stops at the first mutation it cannot apply (a gap, a stamp too
   * far in the future, a malformed change) and says so in `refused`; `acked` says how far it got.
   *
   * Every applied mutation rewrites its record and so takes a new seq, even when it changed nothing
   * (a stale write that lost): the client that sent it then pulls the server's version back, which
   * makes it converge even where its own replica held something the server never had.
   *
   * A push's records and the client's applied counter are stored in one transaction (`putPushed`),
   * once every mutation of it was merged and heard by `onPushed`: a crash or a failure part way
   * stores nothing of the push in the log, and the client sends it again. (What `onPushed` applied
   * to the person's data before such a failure is applied again then; merging the same write twice
   * gives the same record.) Two mutations of one record in a push merge in turn, each taking its seq.
   */
  push(clientId: string, mutations: readonly Mutation[]): Promise<PushResult> {
    if (typeof clientId !== 'string' || clientId.length === 0) throw new RangeError('clientId is empty')
    return this.serially(async () => {
      const stored = await this.store.appliedCounter(clientId)
      let applied = stored
      let refused: PushRefusal | undefined
      const merged = new Map<string, SyncRecord>()
      const records: SyncRecord[] = []
      const ordered = [...mutations].sort((a, b) => a.counter - b.counter)
      for (const mutation of ordered) {
        if (mutation.counter <= applied) continue
        if (mutation.counter !== applied + 1) {
          refused = {
            counter: mutation.counter,
            reason: 'gap',
            message: `Mutation ${mutation.counter} of ${clientId} follows ${applied}: ${applied + 1} is missing`,
          }
          break
        }
        refused = this.admit(mutation)
        if (refused) break
        const { kind, id } = mutation.change
        const key = `${kind}\u0000${id}`
        const { record } = mergeChange(
          merged.get(key) ?? (await this.store.getRecord(kind, id)),
          mutation.change,
        )
        await this.onPushed?.(record)
        merged.set(key, record)
        records.push(record)
        applied = mutation.counter
      }
      if (applied > stored) await this.store.putPushed(records, clientId, applied)
      const result: PushResult = { acked: applied, cursor: await this.store.latestSeq() }
      if (refused) result.refused = refused
      return result
    })
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    return this.pushes.run(() => this.exclusive(work))
  }

  /** Checks the mutation and moves the server's clock past its stamps; a refusal when it may not apply. */
  private admit(mutation: Mutation): PushRefusal | undefined {
    let stamps: string[]
    try {
      stamps = stampsOf(mutation.change)
    } catch (error) {
      return { counter: mutation.counter, reason: 'invalid', message: (error as Error).message }
    }
    const highest = stamps.at(-1)
    if (highest === undefined) return undefined
    try {
      this.clock.receive(highest)
    } catch (error) {
      if (!(error instanceof ClockDriftError)) throw error
      return {
        counter: mutation.counter,
        reason: 'clock_drift',
        message: error.message,
        driftMs: error.driftMs,
      }
    }
    return undefined
  }

  /**
   * Records changed after `after`, oldest first, at most `limit` (1..1000, default 500), each as its
   * whole current version, so a client merges without history. `resync`: the caller is pulling
   * everything from 0 after a reset and will forget what it does not see, so the horizon does not
   * apply to the cursors of its later pages (they are below it by nature).
   */
  async pull(after: number, limit = DEFAULT_PULL_LIMIT, resync = false): Promise<PullResult> {
    if (!Number.isSafeInteger(after) || after < 0) throw new RangeError(`Invalid cursor: ${after}`)
    const size = Math.min(Math.max(1, Math.floor(limit) || 1), MAX_PULL_LIMIT)
    const [horizon, latestBefore] = await Promise.all([this.store.horizon(), this.store.latestSeq()])
    // Below the horizon a delete may be gone from the log; beyond the log the server lost data the
    // client had seen (a restored backup). Either way only a full pull tells the truth. A cursor of 0
    // has nothing to miss: it is a full pull already.
    if (after > 0 && ((after < horizon && !resync) || after > latestBefore)) {
      return { changes: [], cursor: 0, more: true, reset: true }
    }
    const changes = await this.store.changesAfter(after, size)
    const cursor = changes.at(-1)?.seq ?? after
    const more = changes.length === size && cursor < (await this.store.latestSeq())
    return { changes, cursor, more }
  }
}
