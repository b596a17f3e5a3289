import { HlcClock } from '../../web/core/sync/Hlc'
import { latencySummary, type LatencySummary } from './latencySummary'
import { round } from './round'

/** One person of the load: their token and what was seeded for them. */
export interface LoadUser {
  id: string
  token: string
  collectionIds: readonly string[]
  documentId: string
}

export type LoadOp =
  | 'list collections'
  | 'get document'
  | 'search'
  | 'rename collection'
  | 'save setting'
  | 'sync push'
  | 'create collection'

/**
 * Twenty requests a worker sends in turn, 80% reads and 20% writes: 16 reads (6 lists of collections,
 * 6 documents, 4 searches) and 4 writes (a rename, a setting saved, a sync push, a new collection). A
 * rename rather than more creates keeps the lists from growing with the throughput, which would make a
 * faster case read longer lists.
 */
const SCHEDULE: readonly LoadOp[] = [
  'list collections',
  'get document',
  'search',
  'list collections',
  'rename collection',
  'get document',
  'list collections',
  'get document',
  'search',
  'save setting',
  'list collections',
  'get document',
  'search',
  'sync push',
  'get document',
  'list collections',
  'get document',
  'create collection',
  'list collections',
  'search',
]

export interface MixedLoadOptions {
  /** The instances' URLs: request n goes to `urls[n % urls.length]`, round-robin as a load balancer would. */
  urls: readonly string[]
  users: readonly LoadUser[]
  /** Requests in flight at once (one worker each). */
  connections: number
  durationS: number
  warmupS: number
}

export interface MixedLoadSummary extends LatencySummary {
  requests: number
  requests_per_sec: number
  /** Requests that failed to reach an answer (connection errors). */
  errors: number
  non_2xx: number
  duration_s: number
  /** p95 by kind of request, ms. */
  p95_by_op: Record<string, number>
  /** Share of the requests that were writes. */
  write_share: number
}

interface Sample {
  op: LoadOp
  ms: number
  ok: boolean
  error: boolean
}

const READS = new Set<LoadOp>(['list collections', 'get document', 'search'])

/**
 * The mixed read/write load, sent by this process's own workers with fetch (keep-alive connections,
 * as a browser or a script keeps them): each worker walks SCHEDULE from its own offset, for a user
 * and an instance taken in turn. A warm-up of the same load runs first and is thrown away. A request
 * that fails or is answered with anything but 2xx is counted and its latency kept.
 */
export async function mixedLoad(options: MixedLoadOptions): Promise<MixedLoadSummary> {
  if (options.users.length === 0 || options.urls.length === 0) throw new Error('no users or no instances')
  const state = { next: 0 }
  // One sync client per worker and user: each numbers its own mutations 1, 2, 3... without gaps.
  const clients = new Map<string, { clock: HlcClock; counter: number }>()
  const run = async (seconds: number, keep: Sample[] | undefined) => {
    const deadline = performance.now() + seconds * 1000
    const worker = async (w: number) => {
      // Offsets 9 apart: the second worker begins with a write (a setting saved), so that even a run too
      // short or too loaded for a worker to get past its first request sends one.
      let step = w * 9
      while (performance.now() < deadline) {
        const n = state.next++
        const op = SCHEDULE[step++ % SCHEDULE.length]!
        const user = options.users[n % options.users.length]!
        const url = options.urls[n % options.urls.length]!
        const started = performance.now()
        let ok = false
        let error = false
        try {
          const response = await send(op, url, user, n, clientOf(clients, w, user))
          ok = response.ok
          await response.arrayBuffer()
        } catch {
          error = true
        }
        keep?.push({ op, ms: performance.now() - started, ok, error })
      }
    }
    await Promise.all(Array.from({ length: options.connections }, (_, w) => worker(w)))
  }
  if (options.warmupS > 0) await run(options.warmupS, undefined)
  const samples: Sample[] = []
  const started = performance.now()
  await run(options.durationS, samples)
  const seconds = (performance.now() - started) / 1000
  const byOp: Record<string, number> = {}
  for (const op of new Set(samples.map((sample) => sample.op))) {
    byOp[op] = latencySummary(samples.filter((s) => s.op === op).map((s) => s.ms)).p95_ms
  }
  return {
    requests: samples.length,
    requests_per_sec: round(samples.length / seconds, 1),
    ...latencySummary(samples.map((sample) => sample.ms)),
    errors: samples.filter((sample) => sample.error).length,
    non_2xx: samples.filter((sample) => !sample.error && !sample.ok).length,
    duration_s: round(seconds, 2),
    p95_by_op: byOp,
    write_share: round(samples.filter((s) => !READS.has(s.op)).length / Math.max(1, samples.length), 3),
  }
}

function clientOf(
  clients: Map<string, { clock: HlcClock; counter: number }>,
  worker: number,
  user: LoadUser,
): { id: string; clock: HlcClock; counter: number } {
  const id = `bench-w${worker}-${user.id.slice(0, 8)}`
  let client = clients.get(id)
  if (!client) {
    client = { clock: new HlcClock(id, () => Date.now()), counter: 0 }
    clients.set(id, client)
  }
  return Object.assign(client, { id })
}

function send(
  op: LoadOp,
  url: string,
  user: LoadUser,
  n: number,
  client: { id: string; clock: HlcClock; counter: number },
): Promise<Response> {
  const auth = { authorization: `Bearer ${user.token}` }
  const json = { ...auth, 'content-type': 'application/json' }
  const collectionId = user.collectionIds[n % user.collectionIds.length]!
  switch (op) {
    case 'list collections':
      return fetch(`${url}/api/collections/`, { headers: auth })
    case 'get document':
      return fetch(`${url}/api/documents/${user.documentId}`, { headers: auth })
    case 'search':
      return fetch(`${url}/api/search_u/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ query: SEARCHES[n % SEARCHES.length], top_k: 5 }),
      })
    case 'rename collection':
      return fetch(`${url}/api/collections/${collectionId}`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ name: `Renamed ${n}` }),
      })
    case 'save setting':
      return fetch(`${url}/api/settings`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ generator: { kind: 'extractive' } }),
      })
    case 'create collection':
      return fetch(`${url}/api/collections/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: `Load ${n}`, description: 'Created by bench/cluster.' }),
      })
    case 'sync push': {
      // A push is one mutation at a time per client (the server refuses gaps), so the counter is
      // taken only when the request is made; a failed push is simply not retried.
      client.counter += 1
      const hlc = client.clock.tick()
      const change = {
        kind: 'tag',
        id: `${client.id}-tag-${client.counter % 50}`,
        fields: {
          name: { value: `tag ${n}`, hlc },
          color: { value: '#336699', hlc },
          user_id: { value: user.id, hlc },
        },
        deleted: { value: false, hlc },
      }
      return fetch(`${url}/api/v1/sync/push`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ client_id: client.id, mutations: [{ counter: client.counter, change }] }),
      })
    }
  }
}

const SEARCHES = ['quarterly budget', 'harbor ledger', 'river archive signal', 'copper garden summit']
