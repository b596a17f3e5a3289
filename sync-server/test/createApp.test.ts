import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Store } from '../../web/core/store/Store'
import { createApiPorts } from '../../web/core/api/createApiPorts'
import { createApp } from '../src/createApp'
import { DiskFileStore } from '../src/files/DiskFileStore'
import { databaseHealth } from '../src/health/databaseHealth'
import { jobTableQueueHealth } from '../src/health/jobTableQueueHealth'
import { JobService } from '../src/jobs/JobService'
import { UserSpaces } from '../src/spaces/UserSpaces'
import type { SyncSpace } from '../src/syncApi/openSyncSpace'
import { openServerDatabase } from '../src/sql/openServerDatabase'
import { LOCAL_USER } from '../src/startServer'
import { startTestServer } from './startTestServer'
import { appCsp } from '../../web/plugin-frame/appCsp'

describe('Koa host: static files, logging, error hygiene', () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'quire-static-'))
  const lines: string[] = []
  const errors: unknown[] = []
  let server: Awaited<ReturnType<typeof startTestServer>>

  beforeAll(async () => {
    mkdirSync(join(staticDir, 'assets'))
    mkdirSync(join(staticDir, 'icons'))
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Quire</title>')
    writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Quire"}')
    writeFileSync(join(staticDir, 'assets', 'index-AbC123.js'), 'console.log(1)')
    writeFileSync(join(staticDir, 'icons', 'icon-192.png'), 'png')
    server = await startTestServer({ staticDir, lines, errors })
  })
  afterAll(async () => {
    await server.stop()
    rmSync(staticDir, { recursive: true, force: true })
  })

  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers })
  // A browser opening a page: fetch() cannot send this (it always says `Sec-Fetch-Mode: cors`).
  const navigate = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; type: string; csp: string | null; text: string }>((resolve, reject) => {
      const outgoing = request(
        server.url + path,
        { headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html,*/*', ...headers } },
        (incoming) => {
          let text = ''
          incoming.setEncoding('utf8')
          incoming.on('data', (part: string) => (text += part))
          incoming.on('end', () => {
            const csp = incoming.headers['content-security-policy']
            resolve({
              status: incoming.statusCode ?? 0,
              type: String(incoming.headers['content-type'] ?? ''),
              csp: typeof csp === 'string' ? csp : null,
              text,
            })
          })
        },
      )
      outgoing.on('error', reject)
      outgoing.end()
    })

  it('never lets a browser cache the service worker, shell or manifest', async () => {
    for (const path of ['/sw.js', '/', '/index.html', '/manifest.webmanifest']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-cache')
    }
  })

  it('answers a path it shares with BrainDrive’s document service as a page to a navigation, as the API to fetch', async () => {
    const asPage: Array<Record<string, string>> = [
      { accept: '*/*' },
      { 'sec-fetch-mode': '', accept: 'text/html,*/*' },
    ]
    for (const headers of asPage) {
      const page = await navigate('/collections/', headers)
      expect(page.status).toBe(200)
      expect(page.type).toMatch(/text\/html/)
    }
    const asApi: Array<Record<string, string>> = [{ accept: 'text/html' }, { accept: '*/*' }, {}]
    for (const headers of asApi) {
      const api = await get('/collections/', headers)
      expect(api.status).toBe(200)
      expect(await api.json()).toEqual([])
    }
  })

  it('sends the app’s Content-Security-Policy, with frame-ancestors, on the shell (direct and deep links)', async () => {
    const expected = await appCsp('header')
    for (const path of ['/', '/index.html', '/collections/123']) {
      const { csp } = await navigate(path)
      expect(csp, path).toBe(expected)
      for (const directive of [
        "script-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
      ])
        expect(csp, path).toContain(directive)
      expect(csp, path).not.toMatch(/'unsafe-eval'|script-src[^;]*'unsafe-inline'/)
    }
    expect((await get('/assets/index-AbC123.js')).headers.get('content-security-policy')).toBeNull()
  })

  it('marks hashed assets immutable', async () => {
    const response = await get('/assets/index-AbC123.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-type')).toContain('javascript')
  })

  it('answers deep links with the app shell and missing files with 404', async () => {
    const deep = await navigate('/collections/123')
    expect(deep.status).toBe(200)
    expect(deep.text).toContain('<title>Quire</title>')
    expect((await get('/assets/missing-123.js')).status).toBe(404)
  })

  it('refuses path traversal', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%5cpackage.json',
    ]) {
      const response = await get(path)
      expect([400, 404], path).toContain(response.status)
      expect(await response.text(), path).not.toContain('"name": "quire"')
    }
  })

  it('keeps API paths out of the shell fallback', async () => {
    const response = await get('/api/nothing-here', { accept: 'text/html' })
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: 'No endpoint GET /api/nothing-here' })
  })

  it('answers an oversized body with 413 and keeps serving', async () => {
    const response = await fetch(server.url + '/api/collections/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', description: 'y'.repeat(17 * 1024 * 1024) }),
    })
    expect(response.status).toBe(413)
    expect((await response.json()).detail).toMatch(/larger than/)
    expect((await get('/api/health')).status).toBe(200)
  })

  it('writes one log line per request', async () => {
    const before = lines.length
    await get('/api/health')
    expect(lines.length).toBe(before + 1)
    expect(lines.at(-1)).toMatch(/ GET \/api\/health 200 \d+\.\dms$/)
  })
})

describe('Koa host: unexpected errors', () => {
  it('answers 500 with a generic detail and logs the error, never leaking the stack', async () => {
    // Every method of every sub-port fails.
    const failing = new Proxy({} as Store, {
      get: () =>
        new Proxy({}, { get: () => () => Promise.reject(new Error('disk on fire at /secret/path.db')) }),
    })
    const logged: unknown[] = []
    const database = await openServerDatabase(mkdtempSync(join(tmpdir(), 'quire-server-')))
    const runtime = createApiPorts({
      store: failing,
      files: new DiskFileStore(mkdtempSync(join(tmpdir(), 'quire-files-'))),
      ingestor: { ingest: () => Promise.reject(new Error('not used')) },
      maxUploadBytes: 1024,
    })
    const app = createApp({
      spaces: new UserSpaces(async (userId) => ({
        userId,
        dir: tmpdir(),
        runtime,
        sync: {} as SyncSpace,
        close: async () => undefined,
      })),
      jobs: new JobService(database),
      health: { database: databaseHealth(database), queue: jobTableQueueHealth(database) },
      localUser: LOCAL_USER,
      maxUploadBytes: 1024,
      logError: (error) => logged.push(error),
    })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/api/collections/`)
      expect(response.status).toBe(500)
      const text = await response.text()
      expect(JSON.parse(text)).toEqual({ detail: 'Internal server error' })
      expect(text).not.toContain('secret')
      expect(logged).toHaveLength(1)
    } finally {
      await new Promise((resolve) => server.close(resolve))
      await database.close()
    }
  })
})
