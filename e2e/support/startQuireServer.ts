import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readyWhileAdvancing } from '../../sync-server/test/readyWhileAdvancing'

export interface QuireServer {
  origin: string
  /** Stops the server (SIGTERM, then SIGKILL); its data stays until `remove`. */
  stop(): Promise<void>
  remove(): void
}

/**
 * Quire's server as `npm start` runs it (`sync-server/src/main.ts` serving the built app from
 * `dist`, accounts on, default limits), on `port` over a fresh data folder: the deployment people
 * run, with the app and the API on one origin. Only PORT and DATA_DIR are set, and `env` (a test's own
 * settings: OUTBOUND_ALLOW for its fakes, say).
 */
export async function startQuireServer(port: number, env: Record<string, string> = {}): Promise<QuireServer> {
  await refuseTakenPort(port)
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-one-origin-'))
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
  })
  const origin = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const health = () =>
    fetch(`${origin}/health`).then(
      (response) => (response.ok ? true : undefined),
      () => undefined,
    )
  await readyWhileAdvancing(child, health, { what: `The Quire server on ${origin}`, everyMs: 200 }).catch(
    (error: unknown) => {
      child.kill('SIGKILL')
      throw error
    },
  )
  return {
    origin,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(killer)
    },
    remove() {
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Refuses a port something already listens on: the `/health` wait below would take another server's answer
 * (one an interrupted run left behind, say) for this one's, and the test would run against its settings.
 */
async function refuseTakenPort(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error) =>
      reject(new Error(`Port ${port} is taken (${error.message}): stop what listens there, then run again`)),
    )
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()))
  })
}
