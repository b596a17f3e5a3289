import type { ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { startMain } from './startMain'

// The real entry point as `npm start` runs it: it prints its URL when ready, serves, and on
// SIGTERM stops cleanly, closing the database (SQLite folds the WAL back into the file).
describe('sync-server main', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const newDataDir = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-main-'))
    dirs.push(dataDir)
    return dataDir
  }
  const exitOf = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))

  it(
    'prints the URL when ready and shuts down gracefully on SIGTERM',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const dataDir = newDataDir()
      const { child, url, output } = await startMain(dataDir, { QUIRE_SINGLE_USER: '1' })
      const exited = exitOf(child)
      const created = await fetch(`${url}/api/collections/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kept', description: 'Survives the restart' }),
      })
      expect(created.status).toBe(201)
      expect(existsSync(join(dataDir, 'quire.db-wal'))).toBe(true)
      // Bound to one address, the ready line names that one, and says there are no accounts.
      expect(output()).toContain(`ready at ${url}  (data in ${dataDir}; single user, no accounts)`)

      child.kill('SIGTERM')
      expect(await exited).toBe(0)
      expect(output()).toContain('SIGTERM received, shutting down')
      expect(output()).toMatch(/POST \/api\/collections\/ 201/)
      expect(existsSync(join(dataDir, 'quire.db-wal'))).toBe(false)
    },
  )
  it(
    'bound to every interface, lists the address of each in its ready line, and says registration is closed',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const { child, url: line } = await startMain(
        newDataDir(),
        { HOST: '0.0.0.0', REGISTRATION: 'closed' },
        /ready at (.*)$/m,
      )
      const exited = exitOf(child)
      const urls = line.split('  (')[0]!.split(', ')
      const port = Number(new URL(urls[0]!).port)
      // Every IPv4 address of every interface, as the operator's network reaches it (not "localhost").
      const ipv4 = Object.values(networkInterfaces())
        .flatMap((infos) => infos ?? [])
        .filter((info) => info.family === 'IPv4')
        .map((info) => `http://${info.address}:${port}`)
      expect([...urls].sort()).toEqual([...new Set(ipv4)].sort())
      expect(line).toMatch(/; registration closed\)$/)
      for (const url of urls) expect((await fetch(`${url}/api/health`)).status, url).toBe(200)
      const register = await fetch(`${urls[0]}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'eve', email: 'eve@example.com', password: 'a long passphrase' }),
      })
      expect(register.status).toBe(403)
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    },
  )
})
