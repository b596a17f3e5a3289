import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { killHard, startMain } from './startMain'

/**
 * For a suite of its own: a real server process (`startMain`) over a data folder in a fresh temporary
 * folder, started before the suite's tests and, after them, killed and its folder removed. Read `dir`
 * (for the suite's own files) and `server` inside the tests.
 */
export function mainServerInTempDir(
  prefix: string,
  env: Record<string, string>,
): { readonly dir: string; readonly server: Awaited<ReturnType<typeof startMain>> } {
  let dir: string | undefined
  let server: Awaited<ReturnType<typeof startMain>> | undefined
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix))
    server = await startMain(join(dir, 'data'), env)
  }, scaledTimeout(60_000))
  afterAll(async () => {
    if (server) await killHard(server.child)
    if (dir) await rm(dir, { recursive: true, force: true })
  })
  return {
    get dir() {
      if (dir === undefined) throw new Error('the server is not started yet')
      return dir
    },
    get server() {
      if (server === undefined) throw new Error('the server is not started yet')
      return server
    },
  }
}
