import { canonicalJson } from '../web/core/sync/canonicalJson'
import { HlcClock } from '../web/core/sync/Hlc'
import { httpSyncTransport } from '../web/core/sync/httpSyncTransport'
import { InMemorySyncClientStore } from '../web/core/sync/InMemorySyncClientStore'
import { seededRandom } from '../web/core/sync/seededRandom'
import { SyncClient, type SyncTransport } from '../web/core/sync/SyncClient'
import { isLive, recordValues, type SyncRecord } from '../web/core/sync/SyncRecord'
import type { LineReporter } from './lib/BenchLine'
import type { Benchmark } from './lib/Benchmark'
import { followSyncEvents } from './lib/followSyncEvents'
import { latencySummary } from './lib/latencySummary'
import { median } from './lib/median'
import type { RunningTarget } from './lib/RunningTarget'
import { round } from './lib/round'
import { signUpForTest } from '../sync-server/test/signUpForTest'
import { startQuireServer } from './lib/startQuireServer'
import { defaultSyncSettings, type SyncBenchSettings } from './lib/SyncBenchSettings'
import type {
  SyncDelayLine,
  SyncDocumentDelayLine,
  SyncDocumentsLine,
  SyncLine,
  SyncThroughputLine,
} from './lib/SyncLine'
import { syncTable } from './lib/syncTable'
import { shortText, syntheticSyncRecords } from './lib/syntheticSyncRecords'
import { timedSyncTransport } from './lib/timedSyncTransport'
import { measureDocumentDelay } from './syncDocumentDelay'
import { measureDocumentFullSync } from './syncDocumentsFullSync'

const NAME = 'sync'
/** How long B may take to hold one edit before the run is declared broken. */
const ARRIVAL_TIMEOUT_MS = 10_000

export type { SyncDelayLine, SyncDocumentDelayLine, SyncDocumentsLine, SyncLine, SyncThroughputLine }
export { defaultSyncSettings, type SyncBenchSettings }

interface Device {
  client: SyncClient
  store: InMemorySyncClientStore
}

function device(
  name: string,
  baseUrl: string,
  token: string,
  transport?: (inner: SyncTransport) => SyncTransport,
  onRemoteChange?: (record: SyncRecord) => void,
): Device {
  const store = new InMemorySyncClientStore()
  const http = httpSyncTransport({ baseUrl, token: () => token })
  const client = new SyncClient({
    clientId: `bench-${name}-${crypto.randomUUID()}`,
    store,
    transport: transport ? transport(http) : http,
    clock: new HlcClock(name, () => Date.now()),
    onRemoteChange,
  })
  return { client, store }
}

/** The live records as `kind\0id -> canonical values`, to compare two replicas. */
async function liveValues(store: InMemorySyncClientStore): Promise<Map<string, string>> {
  const live = (await store.allRecords()).filter(isLive)
  return new Map(live.map((r) => [`${r.kind}\u0000${r.id}`, canonicalJson(recordValues(r))]))
}

async function expectSameLive(a: Device, b: Device, expected: number): Promise<void> {
  const [ofA, ofB] = [await liveValues(a.store), await liveValues(b.store)]
  if (ofA.size !== expected) throw new Error(`device A holds ${ofA.size} live records, not ${expected}`)
  if (ofB.size !== expected) throw new Error(`device B holds ${ofB.size} live records, not ${expected}`)
  for (const [key, values] of ofA) {
    if (ofB.get(key) !== values) throw new Error(`device B differs from A on ${key.replace('\u0000', '/')}`)
  }
}

/** A new account on `baseUrl` (register, sign in): its access token, as the app's devices use. */
async function withServer<T>(
  reporter: LineReporter<SyncLine>,
  use: (url: string, token: string) => Promise<T>,
): Promise<T> {
  const target: RunningTarget = await startQuireServer(
    (error) => reporter.progress(`${NAME}: server error: ${error instanceof Error ? error.stack : error}`),
    { accounts: true },
  )
  try {
    return await use(target.url, (await signUpForTest(target.url, 'syncbench')).access_token)
  } finally {
    await target.stop()
  }
}

/** One run of case 1: A creates and pushes `records`; a new device B syncs until quiet. */
async function fullSyncRun(url: string, token: string, records: number, seed: number) {
  // The push phase ends when A's round starts pulling (its own records back, which is not timed).
  let pullStarted = 0
  const ofA = { push: 0, pull: 0 }
  const a = device('device-a', url, token, (inner) => {
    const measured = timedSyncTransport(inner, ofA)
    return {
      push: measured.push,
      pull: (after, limit, resync) => {
        pullStarted ||= performance.now()
        return measured.pull(after, limit, resync)
      },
    }
  })
  for (const record of syntheticSyncRecords(records, seed))
    await a.client.change(record.kind, record.id, record.fields)
  const pushStart = performance.now()
  const pushed = await a.client.sync()
  if (pushed.pushed !== records) throw new Error(`device A pushed ${pushed.pushed} of ${records} records`)
  const pushMs = pullStarted - pushStart

  const ofB = { push: 0, pull: 0 }
  const b = device('device-b', url, token, (inner) => timedSyncTransport(inner, ofB))
  const start = performance.now()
  let rounds = 0
  for (;;) {
    rounds++
    if ((await b.client.sync()).pulled === 0) break
    if (rounds > 100) throw new Error('device B never became quiet')
  }
  const syncMs = performance.now() - start
  await expectSameLive(a, b, records)
  return { pushMs, pushTransportMs: ofA.push, syncMs, syncTransportMs: ofB.push + ofB.pull, rounds }
}

/** Case 2 on one server: B follows the events stream and pulls on `changed`; A edits one field at a time. */
async function delayRun(url: string, token: string, settings: SyncBenchSettings): Promise<number[]> {
  let waiting:
    | {
        kind: string
        id: string
        field: string
        value: string
        arrived: (at: number) => void
        failed: (error: unknown) => void
      }
    | undefined
  const b = device('device-b', url, token, undefined, (record) => {
    const want = waiting
    if (
      want &&
      record.kind === want.kind &&
      record.id === want.id &&
      record.fields[want.field]?.value === want.value
    )
      want.arrived(performance.now())
  })
  const a = device('device-a', url, token)
  const existing = syntheticSyncRecords(settings.editRecords, 7)
  for (const record of existing) await a.client.change(record.kind, record.id, record.fields)
  await a.client.sync()

  let failure: unknown
  const follower = await followSyncEvents(
    url,
    token,
    { client: b.client, cursor: () => b.store.cursor() },
    (error) => {
      failure ??= error
      waiting?.failed(error)
    },
  )
  try {
    await b.client.sync() // everything that existed before the stream opened
    const random = seededRandom(11)
    const delays: number[] = []
    for (let edit = 0; edit < settings.edits; edit++) {
      const target = random.pick(existing)
      const field = random.pick(Object.keys(target.fields))
      const value = `${shortText(random)} (edit ${edit})`
      let timer: ReturnType<typeof setTimeout> | undefined
      const arrival = new Promise<number>((resolve, reject) => {
        waiting = { kind: target.kind, id: target.id, field, value, arrived: resolve, failed: reject }
        timer = setTimeout(
          () => reject(new Error(`edit ${edit} did not reach device B in ${ARRIVAL_TIMEOUT_MS} ms`)),
          ARRIVAL_TIMEOUT_MS,
        )
      })
      arrival.catch(() => {}) // awaited below; a failure before that must not be unhandled
      try {
        if (failure) throw failure
        const start = performance.now()
        await a.client.change(target.kind, target.id, { [field]: value })
        await a.client.sync()
        delays.push((await arrival) - start)
      } finally {
        clearTimeout(timer)
        waiting = undefined
      }
    }
    if (failure) throw failure
    await expectSameLive(a, b, settings.editRecords)
    return delays
  } finally {
    await follower.stop()
  }
}

/**
 * Sync over HTTP against the real server with a signed-in user (Bearer access token). Cases 1 and 2
 * sync bare records between `SyncClient`s over in-memory replicas and `httpSyncTransport`:
 *
 * 1. First full sync: device A creates `records` records (a mix of kinds, 3-6 short text fields
 *    each) and pushes them (the push phase of A's round is timed); a new device B (empty, cursor 0)
 *    then runs `sync()` until a round pulls nothing, and must hold exactly A's live records. Each run
 *    on a fresh server; the lines carry the median.
 * 2. Change-to-arrival delay: B follows `/api/v1/sync/events` and pulls on each `changed`; A makes
 *    single-field edits one at a time (pushing right after each) and the time from A's `change()` to
 *    B's store holding the new value is taken, the next edit waiting for it.
 *
 * Cases 3 to 5 use devices as the app runs them, over SQLite stores, with documents (their files,
 * chunks and vectors as blobs) and platform records applied to the store and search index:
 *
 * 3. First full sync of `documents` processed documents (uploaded and processed by the server once)
 *    to `runs` new devices, then 4. of `records` platform records and the documents together
 *    (`syncDocumentsFullSync.ts`).
 * 5. Document change-to-arrival delay: A stores processed documents, B follows the events stream
 *    until each is stored and indexed (`syncDocumentDelay.ts`).
 *
 * Throws when a device ends up with other data than it should, or an edit or document does not
 * arrive in time. A table of every line goes to `progress` at the end.
 */
export async function measureSync(
  reporter: LineReporter<SyncLine>,
  settings: SyncBenchSettings = defaultSyncSettings,
): Promise<SyncLine[]> {
  const lines: SyncLine[] = []
  const emit = (line: SyncLine) => {
    lines.push(line)
    reporter.emit(line)
  }
  const common = () => ({ benchmark: NAME, node: process.version, date: new Date().toISOString() })
  const runs: Awaited<ReturnType<typeof fullSyncRun>>[] = []
  for (let run = 0; run < settings.runs; run++) {
    reporter.progress(
      `${NAME}: first full sync of ${settings.records} records, run ${run + 1}/${settings.runs}`,
    )
    runs.push(await withServer(reporter, (url, token) => fullSyncRun(url, token, settings.records, run + 1)))
  }
  const throughput = (
    phase: SyncThroughputLine['phase'],
    caseName: string,
    ms: number[],
    transportMs: number[],
    rounds: number,
  ) => {
    const mid = median(ms)
    emit({
      ...common(),
      case: caseName,
      phase,
      records: settings.records,
      runs: ms.length,
      median_ms: round(mid, 1),
      records_per_sec: round((settings.records / mid) * 1000, 1),
      runs_ms: ms.map((value) => round(value, 1)),
      rounds,
      transport_ms: round(median(transportMs), 1),
    })
  }
  throughput(
    'push',
    `push of ${settings.records} new records from one device`,
    runs.map((r) => r.pushMs),
    runs.map((r) => r.pushTransportMs),
    1,
  )
  throughput(
    'first full sync',
    `first full sync of ${settings.records} records to a new device`,
    runs.map((r) => r.syncMs),
    runs.map((r) => r.syncTransportMs),
    Math.max(...runs.map((r) => r.rounds)),
  )

  reporter.progress(`${NAME}: change-to-arrival delay, ${settings.edits} edits`)
  const delays = await withServer(reporter, (url, token) => delayRun(url, token, settings))
  emit({
    ...common(),
    case: `change-to-arrival delay, single-field edit, events stream (${settings.edits} edits)`,
    ...latencySummary(delays),
    edits: delays.length,
    records: settings.editRecords,
  })

  await measureDocumentFullSync({ emit, progress: reporter.progress }, settings, common)
  emit(await measureDocumentDelay(reporter, settings, common))
  reporter.progress(syncTable(lines))
  return lines
}

export const sync: Benchmark = {
  name: NAME,
  run: (context) => measureSync({ emit: context.emit, progress: context.progress }),
}
