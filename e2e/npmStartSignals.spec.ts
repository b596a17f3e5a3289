import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../sync-server/test/freePort'
import { expect, test } from './support/test'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

/**
 * `npm start` as a service manager or a container runs it: the signal goes to the process it started
 * (npm) and nothing else. The server must be the process that gets it, stop, and free its port: a server
 * left running under a shell npm started kept the port, and the next start failed on it.
 */
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  test(`npm start stops on ${signal} sent to npm alone, and its port is free`, async () => {
    test.setTimeout(scaledTimeout(240_000))
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-npm-start-'))
    const npm = spawn('npm', ['start'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    })
    let output = ''
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)))
    try {
      // The build is fresh here (the browser tests run after `npm run build`); a stale one is built first.
      await expect
        .poll(() => output, { timeout: scaledTimeout(200_000), intervals: [200] })
        .toContain('Quire is ready')
      expect(await isListening(port)).toBe(true)
      npm.kill(signal)
      const code = await Promise.race([
        exited,
        new Promise<'hung'>((r) => setTimeout(() => r('hung'), 20_000)),
      ])
      expect(code, output).not.toBe('hung')
      await expect.poll(() => isListening(port), { timeout: scaledTimeout(5_000) }).toBe(false)
      // The server wrote this line before it let go of the port, but the pipe may not have been read
      // yet when the port is found free: wait for the read rather than look once.
      await expect.poll(() => output, { timeout: scaledTimeout(5_000) }).toContain(`${signal} received`)
    } finally {
      npm.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
}

/** Whether something accepts connections on the port (the server, or one it left behind). */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(true))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)))
  })
}
