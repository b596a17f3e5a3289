import { checkAcknowledged } from './checkAcknowledged'
import { checkReplicas } from './checkReplicas'
import { ClockDriftError, HlcClock } from './Hlc'
import { InMemorySyncClientStore } from './InMemorySyncClientStore'
import { InMemorySyncServerStore } from './InMemorySyncServerStore'
import { seededRandom, type Random } from './seededRandom'
import { SyncClient, type SyncTransport } from './SyncClient'
import { SyncServer, type Mutation, type SyncServerStore } from './SyncServer'
import { isLive, openConflicts, type SyncChange, type SyncRecord } from './SyncRecord'

export interface ConvergenceOptions {
  /** Clients besides the server (at least 3); the last one starts with its clock an hour ahead. */
  clients?: number
  /** Simulation steps before the quiet phase; each advances time by 0.2 to 3 s. */
  steps?: number
  /** Hot ids per kind: few, so clients collide on the same records (30% of writes go to 20 colder ids). */
  ids?: number
  /** Chance that a request never reaches the server. */
  dropRate?: number
  /** Chance that the server's answer never reaches the client (the server did the work). */
  responseDropRate?: number
  /** Chance that a request is also delivered again (right away or a few steps later). */
  duplicateRate?: number
  /** Chance that a request is held back a few steps (the client times out; it arrives out of order). */
  delayRate?: number
  /** Per step and client, the chance to go offline for 10 to 150 steps. */
  offlineChance?: number
  /** The server keeps tombstones this long (simulated ms). */
  retentionMs?: number
  /** Compaction runs every this many steps. */
  compactEvery?: number
  maxDriftMs?: number
  /** The server's store (default: a fresh InMemorySyncServerStore), so that a host's adapter runs the same simulation. */
  serverStore?: CompactingSyncServerStore
}

/** A server store that can also compact tombstones and list every record (what the simulation checks). */
export type CompactingSyncServerStore = SyncServerStore & {
  compact(retentionMs: number, nowMs: number): SyncRecord[] | Promise<SyncRecord[]>
  allRecords(): SyncRecord[] | Promise<SyncRecord[]>
}

export interface ConvergenceStats {
  writes: number
  ackedMutations: number
  pushRequests: number
  pullRequests: number
  requestsDropped: number
  responsesDropped: number
  duplicatesDelivered: number
  delayedDelivered: number
  driftRefusals: number
  syncFailures: number
  resets: number
  compactedRecords: number
  /** Acknowledged writes that were still in their record when compaction dropped it: forgotten by design. */
  forgottenWrites: number
  finalRecords: number
  openConflicts: number
  quietAfterRounds: number
  simulatedMs: number
}

export interface ConvergenceReport {
  seed: number
  ok: boolean
  /** Empty when every check passed; otherwise what differed, first problems first. */
  problems: string[]
  stats: ConvergenceStats
}

class NetworkError extends Error {}

interface Delayed {
  due: number
  deliver: () => Promise<unknown>
}

interface SimClient {
  name: string
  index: number
  skewMs: number
  offlineUntil: number
  store: InMemorySyncClientStore
  client: SyncClient
}

const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T
const KINDS = ['note', 'tag']
const FIELDS = ['title', 'body', 'rank', 'meta']
const START = 1_700_000_000_000
const FAR_AHEAD_MS = 3_600_000

function randomValue(rng: Random, field: string): unknown {
  switch (field) {
    case 'title':
      return rng.pick(['alpha', 'beta', 'gamma', 'delta'])
    case 'rank':
      return rng.int(0, 4)
    case 'meta':
      return rng.chance(0.2) ? null : { tags: [rng.pick(['x', 'y', 'z'])], pinned: rng.chance(0.5) }
    default:
      return `text ${rng.int(0, 30)}`
  }
}

/**
 * A seeded simulation of sync under faults: clients writing, deleting and restoring a small set of
 * records while the network drops, duplicates, delays and reorders requests and answers, clients go
 * offline, clocks are skewed (one far ahead until it is corrected) and the server compacts old
 * tombstones. Then the faults stop, everyone syncs until quiet, and the report says whether every
 * replica equals the server and whether any acknowledged write was lost.
 */
export async function runConvergence(
  seed: number,
  options: ConvergenceOptions = {},
): Promise<ConvergenceReport> {
  const o = {
    clients: 4,
    steps: 600,
    ids: 4,
    dropRate: 0.1,
    responseDropRate: 0.1,
    duplicateRate: 0.1,
    delayRate: 0.05,
    offlineChance: 0.004,
    retentionMs: 60_000,
    compactEvery: 25,
    maxDriftMs: 60_000,
    ...options,
  }
  if (o.clients < 3) throw new RangeError('The simulation needs at least three clients')
  const rng = seededRandom(seed)
  const stats: ConvergenceStats = {
    writes: 0,
    ackedMutations: 0,
    pushRequests: 0,
    pullRequests: 0,
    requestsDropped: 0,
    responsesDropped: 0,
    duplicatesDelivered: 0,
    delayedDelivered: 0,
    driftRefusals: 0,
    syncFailures: 0,
    resets: 0,
    compactedRecords: 0,
    forgottenWrites: 0,
    finalRecords: 0,
    openConflicts: 0,
    quietAfterRounds: 0,
    simulatedMs: 0,
  }
  const problems: string[] = []
  let now = START
  let step = 0
  let faults = true
  const pool: Delayed[] = []
  const serverStore = options.serverStore ?? new InMemorySyncServerStore()
  const server = new SyncServer(serverStore, new HlcClock('server', () => now, o.maxDriftMs))
  /** What the server acknowledged to a client, by client and counter. */
  const acked = new Map<string, SyncChange>()
  /** What compaction dropped. */
  const compacted: SyncRecord[] = []

  const transportFor = (sim: () => SimClient): SyncTransport => {
    async function send<T>(deliver: () => Promise<T>): Promise<T> {
      const client = sim()
      if (client.offlineUntil > step) throw new NetworkError('offline')
      if (faults && rng.chance(o.delayRate)) {
        pool.push({ due: step + rng.int(1, 8), deliver })
        throw new NetworkError('timed out (held back)')
      }
      if (faults && rng.chance(o.dropRate)) {
        stats.requestsDropped++
        throw new NetworkError('request lost')
      }
      if (faults && rng.chance(o.duplicateRate)) {
        if (rng.chance(0.5)) {
          stats.duplicatesDelivered++
          await deliver()
        } else {
          pool.push({ due: step + rng.int(0, 8), deliver })
        }
      }
      const answer = wire(await deliver())
      if (faults && rng.chance(o.responseDropRate)) {
        stats.responsesDropped++
        throw new NetworkError('response lost')
      }
      return answer
    }
    return {
      async push(clientId, mutations) {
        stats.pushRequests++
        const sent = wire(mutations) as Mutation[]
        const answer = await send(() => server.push(clientId, wire(sent)))
        for (const m of sent) {
          const key = `${clientId}#${m.counter}`
          if (m.counter <= answer.acked && !acked.has(key)) acked.set(key, m.change)
        }
        return answer
      },
      async pull(after, limit, resync) {
        stats.pullRequests++
        const answer = await send(() => server.pull(after, limit, resync))
        if (answer.reset) stats.resets++
        return answer
      },
    }
  }

  const clients: SimClient[] = []
  for (let index = 0; index < o.clients; index++) {
    const skews = [0, -20_000, 45_000]
    const far = index === o.clients - 1
    const sim: SimClient = {
      name: `client-${index}`,
      index,
      skewMs: far ? FAR_AHEAD_MS : (skews[index] ?? rng.int(-25_000, 25_000)),
      offlineUntil: 0,
      store: new InMemorySyncClientStore(),
      client: undefined as unknown as SyncClient,
    }
    sim.client = new SyncClient({
      clientId: sim.name,
      store: sim.store,
      transport: transportFor(() => sim),
      clock: new HlcClock(sim.name, () => now + sim.skewMs, o.maxDriftMs),
      pushBatchSize: 3,
      pullLimit: 4,
    })
    clients.push(sim)
  }
  const far = clients.at(-1) as SimClient
  const correctionStep = Math.floor(o.steps * 0.4)

  async function trySync(sim: SimClient): Promise<{ pushed: number; pulled: number } | undefined> {
    try {
      return await sim.client.sync()
    } catch (error) {
      if (error instanceof ClockDriftError) stats.driftRefusals++
      else if (!(error instanceof NetworkError))
        problems.push(`step ${step}: ${sim.name} sync threw ${String(error)}`)
      stats.syncFailures++
      return undefined
    }
  }

  async function act(sim: SimClient): Promise<void> {
    if (faults && sim.offlineUntil <= step && rng.chance(o.offlineChance))
      sim.offlineUntil = step + rng.int(10, 150)
    const roll = rng.next()
    const kind = rng.pick(KINDS)
    const id = rng.chance(0.7) ? `r${rng.int(1, o.ids)}` : `c${rng.int(1, 20)}`
    if (roll < 0.35) {
      await trySync(sim)
    } else if (roll < 0.72) {
      const fields: Record<string, unknown> = {}
      for (const field of rng.shuffle(FIELDS).slice(0, rng.int(1, 2))) fields[field] = randomValue(rng, field)
      stats.writes++
      await sim.client.change(kind, id, fields)
    } else if (roll < 0.85) {
      const live = (await sim.store.allRecords()).filter(isLive)
      const target = live.length > 0 && rng.chance(0.8) ? rng.pick(live) : { kind, id }
      stats.writes++
      await sim.client.remove(target.kind, target.id)
    } else if (roll < 0.9) {
      // An edit after a delete: of a record this device deleted (still queued), or any id.
      const deleted = (await sim.store.allRecords()).filter((r) => !isLive(r))
      const target = deleted.length > 0 ? rng.pick(deleted) : { kind, id }
      stats.writes++
      await sim.client.change(target.kind, target.id, { body: randomValue(rng, 'body') })
    }
  }

  async function flushPool(all: boolean): Promise<void> {
    const due = pool.filter((d) => all || d.due <= step)
    for (const d of due) pool.splice(pool.indexOf(d), 1)
    for (const d of rng.shuffle(due)) {
      stats.delayedDelivered++
      try {
        await d.deliver() // the answer goes nowhere: its client stopped waiting
      } catch (error) {
        problems.push(`step ${step}: a late request failed on the server: ${String(error)}`)
      }
    }
  }

  for (step = 1; step <= o.steps; step++) {
    now += rng.int(200, 3000)
    if (step === correctionStep) far.skewMs = 2_000 // its owner fixes the clock
    await flushPool(false)
    await Promise.all(clients.map(act))
    if (step % o.compactEvery === 0) {
      for (const record of await serverStore.compact(o.retentionMs, now)) {
        compacted.push(record)
        stats.compactedRecords++
      }
    }
  }

  // Quiet phase: the network heals, everyone comes online and syncs until nothing moves.
  faults = false
  for (const sim of clients) sim.offlineUntil = 0
  await flushPool(true)
  let quiet = false
  for (let round = 1; round <= 30 && !quiet; round++) {
    now += 1_000
    quiet = true
    for (const sim of clients) {
      const result = await trySync(sim)
      if (!result || result.pushed > 0 || result.pulled > 0) quiet = false
    }
    stats.quietAfterRounds = round
  }
  if (!quiet) problems.push('the replicas did not go quiet within 30 rounds')
  stats.simulatedMs = now - START

  const serverRecords = await serverStore.allRecords()
  const live = serverRecords.filter(isLive)
  stats.finalRecords = live.length
  stats.openConflicts = live.reduce((n, r) => n + openConflicts(r).length, 0)
  problems.push(...(await checkReplicas(serverRecords, clients)))
  const acknowledged = checkAcknowledged(serverRecords, [...acked.values()], compacted)
  stats.ackedMutations = acked.size
  stats.forgottenWrites = acknowledged.forgotten
  problems.push(...acknowledged.problems)
  return { seed, ok: problems.length === 0, problems, stats }
}
