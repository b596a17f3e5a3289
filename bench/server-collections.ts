import type { BenchContext, Benchmark } from './lib/Benchmark'
import type { MeasurementResult } from './lib/BenchResult'
import { loadTest } from './lib/loadTest'
import type { LoadTestOptions } from './lib/LoadTestOptions'
import { measurementResult } from './lib/measurementResult'
import { ratioResult } from './lib/ratioResult'
import type { RunningTarget } from './lib/RunningTarget'
import { startKoaHelloWorld } from './lib/startKoaHelloWorld'
import { startQuireServer } from './lib/startQuireServer'
import { resultRecorder } from './lib/resultRecorder'

const NAME = 'server-collections'
const SEEDED = 100
const BASELINE_CASE = 'koa hello-world'
const LIST_CASE = `GET /api/collections/ (${SEEDED} collections)`
const CREATE_CASE = 'POST /api/collections/'
const JSON_HEADERS = { 'content-type': 'application/json' }
const CREATE_BODY = JSON.stringify({
  name: 'Bench collection',
  description: 'Created by bench/server-collections.',
})

type Request = Pick<LoadTestOptions, 'url' | 'method' | 'headers' | 'body'>

/**
 * The sync server's collection endpoints against a bare Koa hello-world measured in the same run, so the
 * ratios show what routing, validation and SQLite cost on top of Koa itself. Each case gets its own server
 * (and database), stopped before the next case starts.
 */
export const serverCollections: Benchmark = {
  name: NAME,
  async run(context) {
    const { results, record } = resultRecorder(context)

    const baseline = record(
      await measureCase(context, BASELINE_CASE, startKoaHelloWorld, (url) => ({ url: `${url}/` })),
    )
    const list = record(
      await measureCase(
        context,
        LIST_CASE,
        async () => {
          const target = await startQuireServer(serverErrorLogger(context))
          try {
            await seedCollections(target.url, SEEDED)
          } catch (error) {
            await target.stop()
            throw error
          }
          return target
        },
        (url) => ({ url: `${url}/api/collections/` }),
      ),
    )
    // A fresh database: the list case's 100 rows stay 100. Here the table grows with every request (warm-up
    // included), which is the point: inserts into a growing table.
    const create = record(
      await measureCase(
        context,
        CREATE_CASE,
        () => startQuireServer(serverErrorLogger(context)),
        (url) => ({
          url: `${url}/api/collections/`,
          method: 'POST',
          headers: JSON_HEADERS,
          body: CREATE_BODY,
        }),
      ),
    )

    record(ratioResult(NAME, list, baseline))
    record(ratioResult(NAME, create, baseline))
    return results
  },
}

export async function measureCase(
  context: BenchContext,
  caseName: string,
  start: () => Promise<RunningTarget>,
  request: (url: string) => Request | Promise<Request>,
  benchmark = NAME,
): Promise<MeasurementResult> {
  const target = await start()
  try {
    const sent = await request(target.url)
    context.progress(
      `${benchmark}: ${caseName}: ${context.warmupS} s warm-up, then ${context.durationS} s with ${context.connections} connections`,
    )
    const summary = await loadTest({
      ...sent,
      durationS: context.durationS,
      connections: context.connections,
      warmupS: context.warmupS,
    })
    return measurementResult(benchmark, caseName, summary)
  } finally {
    await target.stop()
  }
}

/** Unexpected server errors (answered 500, so also counted as non-2xx) with their stacks, to stderr. */
export function serverErrorLogger(context: BenchContext, benchmark = NAME): (error: unknown) => void {
  return (error) =>
    context.progress(
      `${benchmark}: server error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    )
}

/**
 * Creates `count` collections through the API and checks the list has exactly that many; `headers`
 * carry the caller's credentials on a server with accounts.
 */
export async function seedCollections(
  baseUrl: string,
  count: number,
  headers: Record<string, string> = {},
): Promise<void> {
  const url = `${baseUrl}/api/collections/`
  for (let i = 1; i <= count; i++) {
    const body = JSON.stringify({
      name: `Seeded collection ${i}`,
      description: `Seed ${i} of ${count} for the list case.`,
    })
    const response = await fetch(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body })
    if (response.status !== 201) {
      throw new Error(
        `seeding collection ${i}: expected 201, got ${response.status} ${await response.text()}`,
      )
    }
  }
  const listed = await fetch(url, { headers })
  const collections: unknown = await listed.json()
  if (listed.status !== 200 || !Array.isArray(collections) || collections.length !== count) {
    throw new Error(`seeding: expected ${count} collections listed, got status ${listed.status}`)
  }
}
