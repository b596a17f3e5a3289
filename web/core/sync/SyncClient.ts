import { canonicalJson } from './canonicalJson'
import { ClockDriftError, type HlcClock } from './Hlc'
import { mergeChange } from './mergeChange'
import { mergeRecords, sameRecord, writesOf } from './mergeRecords'
import { restampRecord } from './restampRecord'
import { SerialQueue } from './SerialQueue'
import type { Mutation, PullResult, PushRefusal, PushResult } from './SyncServer'
import { isLive, type FieldStamp, type SyncChange, type SyncRecord } from './SyncRecord'

/** The device's replica (Dexie in the browser, memory in tests). */
export interface SyncClientStore {
  getRecord(kind: string, id: string): Promise<SyncRecord | undefined>
  putRecord(record: SyncRecord): Promise<void>
  /** Forgets a record: a delete the server has, or a record the server compacted away. */
  deleteRecord(kind: string, id: string): Promise<void>
  allRecords(): Promise<SyncRecord[]>
  /** Outbox of local mutations not yet acknowledged, in counter order (the first `limit` when given). */
  outbox(limit?: number): Promise<Mutation[]>
  addToOutbox(mutation: Mutation): Promise<void>
  removeFromOutbox(upToCounter: number): Promise<void>
  /** Atomically replaces the whole outbox (same counters, new stamps: see `SyncClient.sync`). */
  replaceOutbox(mutations: readonly Mutation[]): Promise<void>
  cursor(): Promise<number>
  setCursor(seq: number): Promise<void>
  /** Persisted, strictly increasing, starting at 1. */
  nextCounter(): Promise<number>
  /**
   * Local changes, in order: each queued in the outbox with the next counter, and `merge` of it with the
   * stored record (undefined when there is none; a record changed twice is given its first merge) written
   * as the record, all or nothing (a device's is one transaction). Returns the records written.
   */
  queueChanges(
    changes: readonly SyncChange[],
    merge: (change: SyncChange, stored: SyncRecord | undefined) => SyncRecord,
  ): Promise<SyncRecord[]>
}

/** A local edit of a record's fields, before it is stamped (`SyncClient.changes`). */
export interface LocalChange {
  kind: string
  id: string
  fields: Record<string, unknown>
}

/** How the client reaches the server: HTTP in the app, a direct call or a faulty network in tests. */
export interface SyncTransport {
  push(clientId: string, mutations: readonly Mutation[]): Promise<PushResult>
  /** `resync`: see `SyncServer.pull`. */
  pull(after: number, limit?: number, resync?: boolean): Promise<PullResult>
}

export interface SyncClientOptions {
  clientId: string
  store: SyncClientStore
  transport: SyncTransport
  clock: HlcClock
  /**
   * A pulled record changes this replica (it may be a tombstone: `isLive` says). Called before the
   * replica is written, so a throw leaves the record to be pulled and applied again.
   */
  onRemoteChange?: (record: SyncRecord) => void | Promise<void>
  /** A record vanished because the server compacted it away while this device was behind. */
  onRemoteForget?: (kind: string, id: string) => void | Promise<void>
  /**
   * Runs before each batch is pushed, with the batch: the app uploads the blobs its records name
   * there, so the server never holds a record whose file it lacks. A throw fails the round, retryably.
   */
  beforePush?: (mutations: readonly Mutation[]) => Promise<void>
  pushBatchSize?: number
  pullLimit?: number
}

/** The server refused a mutation for a reason retrying cannot fix (a gap, a malformed change). */
export class SyncRefusedError extends Error {
  constructor(readonly refusal: PushRefusal) {
    super(refusal.message)
    this.name = 'SyncRefusedError'
  }
}

const keyOf = (kind: string, id: string): string => `${kind}\u0000${id}`
const MAX_RESETS_PER_ROUND = 3

function highestStamp(record: SyncRecord): string | undefined {
  let highest = record.deleted?.hlc
  for (const write of writesOf(record)) if (highest === undefined || write.hlc > highest) highest = write.hlc
  return highest
}

function stampsOf(change: SyncChange): string[] {
  const stamps = new Set(Object.values(change.fields).map((s) => s.hlc))
  if (change.deleted) stamps.add(change.deleted.hlc)
  return [...stamps].sort()
}

function restampChange(change: SyncChange, map: ReadonlyMap<string, string>): SyncChange {
  const moved = (s: FieldStamp): FieldStamp => ({ value: s.value, hlc: map.get(s.hlc) ?? s.hlc })
  const fields = Object.fromEntries(Object.entries(change.fields).map(([name, s]) => [name, moved(s)]))
  return change.deleted ? { ...change, fields, deleted: moved(change.deleted) } : { ...change, fields }
}

/**
 * The client engine. Local writes are merged into the replica at once and queued in the outbox;
 * `sync` pushes the outbox and pulls what changed. Nothing is lost by failing half-way: the outbox
 * keeps every mutation until the server acknowledges it, the server applies each counter once, and
 * the cursor only moves after a page is merged, so any round can simply be run again.
 *
 * The server is the authority: a pulled record replaces the local one unless a local write to it is
 * still queued (then they merge). The replica keeps a tombstone only while its delete is
 * unacknowledged; the server keeps the tombstone for its retention window and tells the other
 * devices. So after a quiet round a replica holds exactly the server's live records.
 */
export class SyncClient {
  private readonly clientId: string
  private readonly store: SyncClientStore
  private readonly transport: SyncTransport
  private readonly clock: HlcClock
  private readonly options: SyncClientOptions
  /** Read-merge-writes of local records (edits, pulled records, re-stamping) one at a time. */
  private readonly records = new SerialQueue()
  /** One sync round at a time: two would push the same outbox twice. */
  private readonly rounds = new SerialQueue()

  constructor(options: SyncClientOptions) {
    if (!options.clientId) throw new RangeError('clientId is empty')
    this.options = options
    this.clientId = options.clientId
    this.store = options.store
    this.transport = options.transport
    this.clock = options.clock
  }

  /**
   * A local edit: every field, and the tombstone (`false`: an edit means the record exists, so an
   * edit newer than a delete brings the record back), stamped with one `clock.tick()`, queued, then
   * merged locally. Values must be JSON (`null` clears a field; `undefined` throws).
   */
  async change(kind: string, id: string, fields: Record<string, unknown>): Promise<SyncRecord> {
    return (await this.changes([{ kind, id, fields }]))[0]!
  }

  /**
   * Local edits made together (a chat turn's two messages and their session), each as `change` with a
   * tick of its own, queued and merged all or nothing: one transaction on a device instead of one each.
   */
  async changes(edits: readonly LocalChange[]): Promise<SyncRecord[]> {
    for (const { fields } of edits) for (const value of Object.values(fields)) canonicalJson(value)
    return this.records.run(() =>
      this.write(
        edits.map(({ kind, id, fields }) => {
          const hlc = this.clock.tick()
          const stamped = Object.fromEntries(
            Object.entries(fields).map(([name, value]) => [name, { value, hlc }]),
          )
          return { kind, id, fields: stamped, deleted: { value: false, hlc } }
        }),
      ),
    )
  }

  /** A local delete: the tombstone stamped with `clock.tick()`; the fields stay (restore brings them back). */
  async remove(kind: string, id: string): Promise<SyncRecord> {
    const [removed] = await this.records.run(() =>
      this.write([{ kind, id, fields: {}, deleted: { value: true, hlc: this.clock.tick() } }]),
    )
    return removed!
  }

  /**
   * One round: push the whole outbox (in batches), then pull until no more; pulled records are merged
   * into local ones (local unacknowledged edits keep winning where newer). Throws on transport failure,
   * leaving everything retryable. When the server refused a stamp as too far in the future, this
   * replica's clock was ahead: the round still pulls, then rewinds the clock, re-stamps every queued
   * write and throws `ClockDriftError`; the next round succeeds once the device's clock is right.
   * Other refusals throw `SyncRefusedError` (after pulling).
   */
  sync(): Promise<{ pushed: number; pulled: number }> {
    return this.rounds.run(async () => {
      const { pushed, refusal } = await this.pushOutbox()
      const pulled = await this.pullAll()
      if (refusal?.reason === 'clock_drift') {
        await this.records.run(() => this.restampOutbox())
        throw new ClockDriftError(refusal.message, refusal.driftMs ?? 0)
      }
      if (refusal) throw new SyncRefusedError(refusal)
      return { pushed, pulled }
    })
  }

  private async write(changes: readonly SyncChange[]): Promise<SyncRecord[]> {
    for (const change of changes)
      if (!change.kind || !change.id) throw new RangeError('A record needs a kind and an id')
    // Queued and written together: an edit is never shown but not sent, nor sent but not shown. On a
    // device a batch is one IndexedDB transaction of a few requests (each request is a round trip to the
    // browser's storage; a chat turn's two messages and their session once took twenty transactions).
    return this.store.queueChanges(changes, (change, stored) => mergeChange(stored, change).record)
  }

  private async pendingKeys(): Promise<Set<string>> {
    return new Set((await this.store.outbox()).map((m) => keyOf(m.change.kind, m.change.id)))
  }

  private async pushOutbox(): Promise<{ pushed: number; refusal?: PushRefusal }> {
    const size = this.options.pushBatchSize ?? 100
    let pushed = 0
    for (;;) {
      // Only the batch is read: reading the whole outbox per batch made a large first push quadratic.
      const batch = await this.store.outbox(size)
      const last = batch.at(-1)
      if (!last) return { pushed }
      await this.options.beforePush?.(batch)
      const result = await this.transport.push(this.clientId, batch)
      const done = batch.filter((m) => m.counter <= result.acked)
      pushed += done.length
      await this.store.removeFromOutbox(result.acked)
      await this.records.run(() => this.forgetSettledTombstones(done))
      if (result.refused) return { pushed, refusal: result.refused }
      if (result.acked < last.counter) {
        throw new Error(`The server acknowledged ${result.acked} of ${last.counter} without saying why`)
      }
    }
  }

  /** Deletes the server now has: forgotten here unless a later local write to the record is queued. */
  private async forgetSettledTombstones(acked: readonly Mutation[]): Promise<void> {
    const deletes = acked.filter((m) => m.change.deleted?.value === true)
    if (deletes.length === 0) return
    const pending = await this.pendingKeys()
    for (const { change } of deletes) {
      if (pending.has(keyOf(change.kind, change.id))) continue
      const local = await this.store.getRecord(change.kind, change.id)
      if (local && !isLive(local)) await this.store.deleteRecord(change.kind, change.id)
    }
  }

  private async pullAll(): Promise<number> {
    const limit = this.options.pullLimit ?? 500
    let after = await this.store.cursor()
    let pulled = 0
    let resets = 0
    // During a resync (after a reset) the old cursor stays stored until the full pull is merged, so a
    // round that fails half-way resyncs again instead of leaving records the server forgot.
    let seen: Set<string> | undefined
    for (;;) {
      const page = await this.transport.pull(after, limit, seen !== undefined)
      if (page.reset) {
        if (++resets > MAX_RESETS_PER_ROUND) throw new Error('The sync server keeps asking for a resync')
        seen = new Set()
        after = 0
        continue
      }
      if (page.changes.length > 0) {
        const records = page.changes.map((c) => c.record)
        await this.records.run(() => this.mergePulled(records, seen))
      }
      pulled += page.changes.length
      after = page.cursor
      if (!seen) await this.store.setCursor(after)
      if (!page.more) break
    }
    if (seen) {
      const kept = seen
      await this.records.run(() => this.forgetUnseen(kept))
      await this.store.setCursor(after)
    }
    return pulled
  }

  private async mergePulled(remotes: readonly SyncRecord[], seen: Set<string> | undefined): Promise<void> {
    const pending = await this.pendingKeys()
    for (const remote of remotes) {
      const stamp = highestStamp(remote)
      try {
        if (stamp) this.clock.receive(stamp)
      } catch (error) {
        // The server accepted this stamp within its own limit; this device's clock is behind. Keep
        // the data; only this clock does not follow, so an edit made right away might stamp lower.
        if (!(error instanceof ClockDriftError)) throw error
      }
      const key = keyOf(remote.kind, remote.id)
      seen?.add(key)
      const local = await this.store.getRecord(remote.kind, remote.id)
      // With nothing of ours queued for it, the server's version is the truth: it has every write we
      // made (acknowledged) and may have forgotten some we still hold (a delete compacted away, then
      // the record written again). With writes queued, merge, so they stay visible until acknowledged.
      const merged = pending.has(key) ? mergeRecords(local, remote) : remote
      const changed = !local || !sameRecord(local, merged)
      // The app hears of the change before the replica takes it: if applying fails (a blob that did
      // not download), the round throws with the replica unchanged and the next pull applies it again.
      // A delete of a record this replica never had is heard too: the app may hold its own copy of it
      // (a profile seed, made on every host and never sent until changed).
      if (changed) await this.options.onRemoteChange?.(merged)
      if (!isLive(merged) && !pending.has(key)) {
        if (local) await this.store.deleteRecord(remote.kind, remote.id)
      } else if (changed) {
        await this.store.putRecord(merged)
      }
    }
  }

  /** After a resync: records the server no longer has (compacted deletes) and nobody here still writes. */
  private async forgetUnseen(seen: ReadonlySet<string>): Promise<void> {
    const pending = await this.pendingKeys()
    for (const record of await this.store.allRecords()) {
      const key = keyOf(record.kind, record.id)
      if (seen.has(key) || pending.has(key)) continue
      await this.options.onRemoteForget?.(record.kind, record.id)
      await this.store.deleteRecord(record.kind, record.id)
    }
  }

  /**
   * The server refused our stamps as too far ahead: nobody holds them, so they can be withdrawn. The
   * clock rewinds (to physical time, or the highest stamp received) and every queued stamp above that
   * gets a new one, in the old order, in the outbox and in the records that carry it. While the
   * device's clock is still wrong the new stamps are refused again; once it is right they pass.
   */
  private async restampOutbox(): Promise<void> {
    const outbox = await this.store.outbox()
    if (outbox.length === 0) return
    const floor = this.clock.rewind()
    const map = new Map<string, string>()
    for (const { change } of outbox) {
      for (const stamp of stampsOf(change))
        if (stamp > floor && !map.has(stamp)) map.set(stamp, this.clock.tick())
    }
    if (map.size === 0) return
    await this.store.replaceOutbox(
      outbox.map((m) => ({ counter: m.counter, change: restampChange(m.change, map) })),
    )
    const touched = new Map(outbox.map((m) => [keyOf(m.change.kind, m.change.id), m.change]))
    for (const { kind, id } of touched.values()) {
      const local = await this.store.getRecord(kind, id)
      if (local) await this.store.putRecord(restampRecord(local, map))
    }
  }
}
