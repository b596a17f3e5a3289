import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../../sync-server/src/startServer'
import type { RunningTarget } from './RunningTarget'

/**
 * The real sync server (API only, no request log) over a fresh SQLite database in a new temp dir, on a free
 * loopback port; `stop` closes it and deletes the dir. Unexpected server errors go to `logError`.
 */
export async function startQuireServer(logError: (error: unknown) => void): Promise<RunningTarget> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-'))
  try {
    const running = await startServer({ port: 0, host: '127.0.0.1', dataDir }, { error: logError })
    return {
      url: running.url,
      async stop() {
        try {
          await running.close()
        } finally {
          await rm(dataDir, { recursive: true, force: true })
        }
      },
    }
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
}
