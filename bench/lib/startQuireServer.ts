import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../../sync-server/src/startServer'
import type { RunningTarget } from './RunningTarget'

/** The real server: a `RunningTarget` that can also say when its background work is done. */
export interface QuireServer extends RunningTarget {
  /** Resolves once no job is due or running and no document is being processed. */
  idle(): Promise<void>
}

/** Rate limits off: a load test is one client sending far more than a person would. */
const NO_LIMITS = {
  login: { limit: 0, windowSeconds: 60 },
  register: { limit: 0, windowSeconds: 3600 },
  user: { limit: 0, windowSeconds: 60 },
}

/**
 * The real sync server (API only, no request log) over fresh databases in a new temp dir, on a free
 * loopback port; `stop` closes it and deletes the dir. Single-user (no credentials) unless `accounts`;
 * rate limits off. With `staticDir` (the built app, `dist`) it also serves the app, as `npm start` does.
 * Unexpected server errors go to `logError`.
 */
export async function startQuireServer(
  logError: (error: unknown) => void,
  options: { accounts?: boolean; staticDir?: string } = {},
): Promise<QuireServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quire-bench-'))
  try {
    const running = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir,
        singleUser: !options.accounts,
        rateLimits: NO_LIMITS,
        ...(options.staticDir ? { staticDir: options.staticDir } : {}),
      },
      { error: logError },
    )
    return {
      url: running.url,
      idle: () => running.idle(),
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
