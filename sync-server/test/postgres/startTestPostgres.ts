import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { findPostgres, POSTGRES_HOW_TO } from '../../../scripts/findPostgres.mjs'
import { freePort } from '../freePort'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the superuser, trusted on loopback. */
  url: string
  /**
   * Stops it as a crash would (SIGQUIT: an immediate shutdown, every session cut, no checkpoint),
   * runs `whileDown` and waits at least `downMs`, then starts it again on the same folder and port;
   * resolves once it answers.
   */
  restart(downMs: number, whileDown?: () => Promise<void>): Promise<void>
  stop(): Promise<void>
}

export interface TestPostgresOptions {
  /**
   * Commits wait for their WAL to be written (default off: faster). On for a test that crashes the
   * server and counts what was committed: with it off, an immediate shutdown may drop the last
   * commits it acknowledged, as PostgreSQL documents.
   */
  synchronousCommit?: boolean
}

/**
 * Starts a throwaway PostgreSQL in a temporary folder: initdb, then the server on a free loopback
 * port with durability off (fsync, synchronous commit: a test's data need not survive a power cut),
 * stopped and deleted by `stop`. initdb refuses to run as root, so as root the folder is handed to
 * the `postgres` account (Debian's package creates it) and the programs run as it.
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const bin = findPostgres()
  if (!bin) throw new Error(POSTGRES_HOW_TO)
  const root = mkdtempSync(join(tmpdir(), 'quire-pg-'))
  const dataDir = join(root, 'data')
  const asRoot = process.getuid?.() === 0
  let uid: number | undefined
  let gid: number | undefined
  if (asRoot) {
    const ids = execFileSync('id', ['postgres'], { encoding: 'utf8' })
    uid = Number(/uid=(\d+)/.exec(ids)?.[1])
    gid = Number(/gid=(\d+)/.exec(ids)?.[1])
    chownSync(root, uid, gid)
    chmodSync(root, 0o700)
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, { uid, gid, stdio: 'pipe', env: { ...process.env, LC_ALL: 'C' } })
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions'])
  } catch (error) {
    rmSync(root, { recursive: true, force: true })
    throw new Error(`initdb failed: ${String((error as { stderr?: Buffer }).stderr ?? error)}`)
  }
  const port = await freePort()
  const launch = (): ChildProcess =>
    spawn(
      join(bin, 'postgres'),
      [
        '-D',
        dataDir,
        '-c',
        `port=${port}`,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${root}`,
        '-c',
        'fsync=off',
        '-c',
        `synchronous_commit=${options.synchronousCommit ? 'on' : 'off'}`,
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=300',
      ],
      { uid, gid, stdio: ['ignore', 'ignore', 'pipe'] },
    )
  let log = ''
  const keepLog = (child: ChildProcess) =>
    child.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000)
    })
  let server = launch()
  keepLog(server)
  const stopWith = async (signal: NodeJS.Signals) => {
    if (server.exitCode !== null || server.signalCode !== null) return
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill(signal)
    await exited
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  try {
    await waitForReady(url, server, () => log)
  } catch (error) {
    server.kill('SIGKILL')
    rmSync(root, { recursive: true, force: true })
    throw error
  }
  return {
    url,
    async restart(downMs, whileDown) {
      await stopWith('SIGQUIT')
      await Promise.all([new Promise((resolve) => setTimeout(resolve, downMs)), whileDown?.()])
      server = launch()
      keepLog(server)
      await waitForReady(url, server, () => log)
    },
    async stop() {
      await stopWith('SIGINT') // fast shutdown: ends every session
      rmSync(root, { recursive: true, force: true })
    },
  }
}

async function waitForReady(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + scaledTimeout(30_000)
  for (;;) {
    if (server.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${log()}`)
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('SELECT 1')
      return
    } catch {
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not start in 30 s:\n${log()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await client.end().catch(() => {})
    }
  }
}
