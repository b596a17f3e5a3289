import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RateLimits } from '../src/auth/RateLimiter'
import type { ServerConfig } from '../src/config'
import type { CopyFile, WriteFile } from '../src/files/DiskFileStore'
import type { JobHandler } from '../src/jobs/Job'
import type { OutboundConfig } from '../src/outbound/OutboundPolicy'
import { startServer, type RunningServer } from '../src/startServer'

export interface TestServerOptions {
  staticDir?: string
  lines?: string[]
  errors?: unknown[]
  /** With accounts (every request needs a user), as the server runs by default; else single-user. */
  accounts?: boolean
  rateLimits?: RateLimits
  /** OUTBOUND_ALLOW and the outbound limits (timeouts, largest answer) for people's URLs. */
  outbound?: OutboundConfig
  jobHandlers?: Record<string, JobHandler>
  /** Reuse a data folder (restart tests); it is then not deleted by `stop`. */
  dataDir?: string
  /** More server settings (TRUST_PROXY, ALLOWED_HOSTS, the upload limit, timeouts, ...), as config.ts reads them. */
  config?: Partial<ServerConfig>
  /** How people's files reach the disk: a test's full disk (ENOSPC). */
  writeFile?: WriteFile
  /** How an upload is copied into the file store: a test's full disk too. */
  copyFile?: CopyFile
}

/** A real server on a free port over a fresh data folder; `stop` closes it and deletes the data. */
export async function startTestServer(
  options: TestServerOptions = {},
): Promise<RunningServer & { dataDir: string; stop(): Promise<void> }> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'quire-server-'))
  const running = await startServer(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      staticDir: options.staticDir,
      singleUser: !options.accounts,
      rateLimits: options.rateLimits,
      outbound: options.outbound,
      ...options.config,
    },
    {
      line: (line) => options.lines?.push(line),
      error: (error) => options.errors?.push(error),
      jobHandlers: options.jobHandlers,
      writeFile: options.writeFile,
      copyFile: options.copyFile,
    },
  )
  return {
    ...running,
    dataDir,
    async stop() {
      await running.close()
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
