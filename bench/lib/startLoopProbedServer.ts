import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { RunningTarget } from './RunningTarget'
import { serverLoopDelay, type LoopDelay } from './serverLoopDelay'
import { startServerProcess } from './startServerProcess'

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
const loopDelayProbe = fileURLToPath(new URL('./eventLoopDelayProbe.mjs', import.meta.url))

/** A server process whose main event loop is watched; `loopDelay` answers its delays since the last ask. */
export interface LoopProbedServer extends RunningTarget {
  pid: number
  loopDelay(): Promise<LoopDelay>
}

/**
 * `startServerProcess` with `eventLoopDelayProbe.mjs` loaded into the server (`--import`), as
 * ingest-hostile runs it; `stop` also removes the probe's answer file.
 */
export async function startLoopProbedServer(progress: (message: string) => void): Promise<LoopProbedServer> {
  const probeDir = await mkdtemp(join(tmpdir(), 'quire-loop-delay-'))
  const delayFile = join(probeDir, 'delay.json')
  let server: RunningTarget
  try {
    server = await startServerProcess({ QUIRE_BENCH_LOOP_DELAY_FILE: delayFile }, progress, [
      '--import',
      tsxLoader,
      '--import',
      pathToFileURL(loopDelayProbe).href,
    ])
  } catch (error) {
    await rm(probeDir, { recursive: true, force: true })
    throw error
  }
  const pid = server.pid
  const stop = async () => {
    try {
      await server.stop()
    } finally {
      await rm(probeDir, { recursive: true, force: true })
    }
  }
  if (pid === undefined) {
    await stop()
    throw new Error('the server’s process id is unknown')
  }
  return { url: server.url, pid, stop, loopDelay: () => serverLoopDelay(pid, delayFile) }
}
