import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readyWhileAdvancing } from './readyWhileAdvancing'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Starts `sync-server/src/main.ts` as `npm start` does (accounts on) in a process of its own over
 * `dataDir`, and resolves its URL once it is ready (what `readyAt` captures of its output: the first URL
 * of its ready line unless asked otherwise): a server a test can kill with SIGKILL.
 */
export async function startMain(
  dataDir: string,
  env: Record<string, string> = {},
  readyAt: RegExp = /ready at (http:\/\/\S+)/,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'none'),
      QUIRE_SINGLE_USER: '',
      JWT_SECRET: '',
      ...env,
    },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = await readyWhileAdvancing(child, () => readyAt.exec(output)?.[1], {
    what: 'The server',
    output: () => output,
  }).catch(async (error: unknown) => {
    await killHard(child)
    throw error
  })
  return { child, url, output: () => output }
}

/** SIGKILL: no chance to finish a request, flush a file or close the database. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}
