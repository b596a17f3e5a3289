import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type RunningServer } from '../src/startServer'

/** A real server on a free port over a fresh SQLite file; `stop` closes it and deletes the data. */
export async function startTestServer(
  options: { staticDir?: string; lines?: string[]; errors?: unknown[] } = {},
): Promise<RunningServer & { dataDir: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-server-'))
  const running = await startServer(
    { port: 0, host: '127.0.0.1', dataDir, staticDir: options.staticDir },
    { line: (line) => options.lines?.push(line), error: (error) => options.errors?.push(error) },
  )
  return {
    ...running,
    dataDir,
    async stop() {
      await running.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
