import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { RunningTarget } from './RunningTarget'

const mainEntry = fileURLToPath(new URL('../../sync-server/src/main.ts', import.meta.url))
// As in loadTest.ts: a file URL, so the child finds tsx under `tsx bench/run.ts` and under vitest alike.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const READY = /Quire is ready at (http:\/\/\S+)/
const START_TIMEOUT_MS = 60_000
const STOP_TIMEOUT_MS = 15_000

/**
 * The sync server as `npm run serve` runs it (`sync-server/src/main.ts` under tsx, configured only by its
 * environment), in a process of its own, single-user, on a free loopback port, over SQLite in a new temp
 * DATA_DIR and without the built app. Its event loop is not the bench's: a stall in the server shows
 * as slow answers to the bench's requests, and the bench's own work never counts as server latency.
 * `env` adds variables (limits), `nodeArgs` Node options (`--cpu-prof`, which NODE_OPTIONS refuses);
 * `stop` sends SIGTERM, waits for the exit and deletes the data. With `keptDataDir` the server runs over that
 * folder instead and `stop` leaves it (the caller's): a restart over the same data, as a cold start.
 */
export async function startServerProcess(
  env: Record<string, string>,
  progress: (message: string) => void,
  nodeArgs: readonly string[] = [],
  keptDataDir?: string,
): Promise<RunningTarget> {
  const dataDir = keptDataDir ?? (await mkdtemp(join(tmpdir(), 'quire-bench-')))
  const removeData = () =>
    keptDataDir === undefined ? rm(dataDir, { recursive: true, force: true }) : Promise.resolve()
  const child = spawn(process.execPath, [...nodeArgs, '--import', tsxLoader, mainEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-app'),
      QUIRE_SINGLE_USER: '1',
      RATE_LIMIT_USER: '0',
      ...env,
    },
    // stdout is read for the ready line; the server's errors go to our stderr (never our stdout, which
    // carries only result lines).
    stdio: ['ignore', 'pipe', 2],
  })
  let stopping = false
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // A crash (out of memory, say) shows here; the requests in flight then fail with ECONNRESET.
      if (!stopping) progress(`  server: exited unexpectedly (code ${code}, signal ${signal})`)
      resolve()
    }),
  )
  try {
    const url = await readyUrl(child, progress)
    return {
      url,
      pid: child.pid,
      async stop() {
        try {
          stopping = true
          child.kill('SIGTERM')
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
          await exited
          clearTimeout(timer)
        } finally {
          await removeData()
        }
      },
    }
  } catch (error) {
    stopping = true
    child.kill('SIGKILL')
    await exited
    await removeData()
    throw error
  }
}

function readyUrl(child: ChildProcess, progress: (message: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(
      () => fail(new Error('the server did not say it was ready in time')),
      START_TIMEOUT_MS,
    )
    const fail = (error: Error) => {
      clearTimeout(timer)
      reject(error)
    }
    child.once('exit', (code, signal) =>
      fail(new Error(`the server exited (code ${code}, signal ${signal}) before it was ready: ${seen}`)),
    )
    child.stdout?.setEncoding('utf8')
    let ready = false
    // Read to the end, or the server would block on a full pipe; once it is ready its lines are the
    // request log (a line per health poll), which nobody needs.
    child.stdout?.on('data', (text: string) => {
      if (ready) return
      seen += text
      for (const line of text.split('\n')) if (line.trim()) progress(`  server: ${line.trim()}`)
      const match = READY.exec(seen)
      if (match?.[1]) {
        ready = true
        clearTimeout(timer)
        resolve(match[1])
      }
    })
  })
}
