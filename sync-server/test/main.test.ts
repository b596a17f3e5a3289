import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

// The real entry point as `npm start` runs it: it prints its URL when ready, serves, and on
// SIGTERM stops cleanly, closing the database (SQLite folds the WAL back into the file).
describe('sync-server main', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('prints the URL when ready and shuts down gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-main-'))
    dirs.push(dataDir)
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'no-build'),
        QUIRE_SINGLE_USER: '1',
      },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line in: ${output}`)), 15_000)
      child.stdout.on('data', () => {
        const match = /ready at (http:\/\/\S+)/.exec(output)
        if (match?.[1]) {
          clearTimeout(timer)
          resolve(match[1])
        }
      })
    })
    const created = await fetch(`${url}/api/collections/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', description: 'Survives the restart' }),
    })
    expect(created.status).toBe(201)
    expect(existsSync(join(dataDir, 'quire.db-wal'))).toBe(true)

    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(output).toContain('SIGTERM received, shutting down')
    expect(output).toMatch(/POST \/api\/collections\/ 201/)
    expect(existsSync(join(dataDir, 'quire.db-wal'))).toBe(false)
  })
})
