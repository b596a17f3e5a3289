import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'
import { readyWhileAdvancing } from '../readyWhileAdvancing'

/** The secrets every instance of one test cluster shares: a token signed by one is valid on all. */
export const CLUSTER_JWT_SECRET = 'cluster-test-jwt-secret-0123456789abcdef'
export const CLUSTER_SECRET_KEY = 'cluster-test-secret-key-0123456789abcdef'

export interface InstanceOptions {
  /** The shared PostgreSQL (createTestDatabase's url); absent: the instance runs on SQLite alone. */
  databaseUrl?: string
  /** Its own data folder (a restart reuses one; then `stop` keeps it); absent: a new temporary one. */
  dataDir?: string
  /** More environment (JOB_LEASE_S, JOB_CONCURRENCY, OUTBOUND_ALLOW, QUIRE_SINGLE_USER, ...). */
  env?: Record<string, string>
  /**
   * How long the starting instance may go without CPU time or output before it counts as hung (default
   * 30 s on a quiet machine, scaled by the run's slowdown); while it advances, the start has no limit.
   */
  stallMs?: number
}

export interface Instance {
  /** `http://127.0.0.1:<port>`, as the server printed it. */
  url: string
  dataDir: string
  process: ChildProcess
  /** The last 8 KB of its stdout and stderr, for failure messages. */
  output(): string
  /** Sends a signal (SIGKILL: the instance dies mid-work) and resolves when the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>
  /** SIGTERM (a graceful shutdown), then deletes its data folder unless one was given. */
  stop(): Promise<void>
}

/**
 * One real server process (`sync-server/src/main.ts` under tsx), as an operator runs each instance of
 * a cluster: its own DATA_DIR, PORT=0 (the port is read from the line main.ts prints when ready) and
 * the cluster's shared JWT_SECRET and QUIRE_SECRET_KEY. A child process, not startServer in the test's
 * own process, so SIGKILL kills exactly one instance, with no chance to clean up.
 */
export async function startInstance(options: InstanceOptions = {}): Promise<Instance> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'quire-instance-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-build'),
    JWT_SECRET: CLUSTER_JWT_SECRET,
    QUIRE_SECRET_KEY: CLUSTER_SECRET_KEY,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8192)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  const cleanUp = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  let url: string
  try {
    url = await readyWhileAdvancing(child, () => /ready at (http:\/\/\S+)/.exec(output)?.[1], {
      what: 'The instance',
      output: () => output,
      ...(options.stallMs ? { stallMs: options.stallMs } : {}),
    })
  } catch (error) {
    child.kill('SIGKILL')
    await exited
    cleanUp()
    throw error
  }

  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    kill,
    async stop() {
      // A graceful stop waits for requests (10 s at most, main.ts); past that, the test is not helped by waiting.
      const timer = setTimeout(() => child.kill('SIGKILL'), scaledTimeout(15_000))
      await kill('SIGTERM')
      clearTimeout(timer)
      cleanUp()
    },
  }
}
