import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Starts `sync-server/src/main.ts` as `npm start` does (accounts on) in a process of its own over
 * `dataDir`, and resolves its URL once it is ready: a server a test can kill with SIGKILL.
 */
export function startMain(
  dataDir: string,
  env: Record<string, string> = {},
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
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 40_000)
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const match = /ready at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ child, url: match[1], output: () => output })
      }
    })
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`exited (${code}) before it was ready: ${output}`))
    })
  })
}

/** SIGKILL: no chance to finish a request, flush a file or close the database. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}
