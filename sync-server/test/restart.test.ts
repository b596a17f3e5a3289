import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { readSse } from '../../web/core/http/readSse'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { corpusDir } from '../../web/core/testing/corpusDir'
import type { JobEvent, JobView } from '../src/jobs/Job'
import { signUpForTest } from './signUpForTest'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Starts `sync-server/src/main.ts` as `npm start` does (accounts on) and resolves its URL once it is ready. */
function startMain(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
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
    },
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 20_000)
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const match = /ready at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ child, url: match[1] })
      }
    })
    child.stderr?.on('data', (chunk) => (output += chunk))
  })
}

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const answered = await response
  const text = await answered.text()
  if (!answered.ok) throw new Error(`${answered.status}: ${text}`)
  return JSON.parse(text) as T
}

// The server process is killed (SIGKILL, no chance to clean up) while a document_process job is
// running; after a restart the job is picked up again and completes, the personal access token made
// before the crash still works (the signing key and accounts live in DATA_DIR), and nothing is lost.
describe('restart recovery', () => {
  const children: ChildProcess[] = []
  const dirs: string[] = []
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL')
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('finishes a document job interrupted by a crash', { timeout: 150_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-restart-'))
    dirs.push(dataDir)
    const first = await startMain(dataDir)
    children.push(first.child)
    const { auth } = await signUpForTest(first.url, 'restarter')
    const post = (url: string, body: unknown) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
      })
    const collection = await json<{ id: string }>(
      post(`${first.url}/api/collections/`, { name: 'Taxes', description: 'Instructions' }),
    )
    const form = new FormData()
    form.append('collection_id', collection.id)
    const pdf = readFileSync(join(corpusDir(process.env, repoRoot), 'pdf/pdfminer__i1040nr.pdf'))
    form.append('file', new Blob([pdf]), 'i1040nr.pdf')
    const uploaded = await json<DocumentRecord & { job_id: string }>(
      fetch(`${first.url}/api/documents/`, { method: 'POST', body: form, headers: auth }),
    )
    expect(uploaded.status).toBe('processing')
    expect(uploaded.job_id).toMatch(/^[0-9a-f-]{36}$/)
    // Kill it mid-job: once the job has started, before it can finish.
    const deadline = Date.now() + 20_000
    for (;;) {
      const job = await json<JobView>(fetch(`${first.url}/api/v1/jobs/${uploaded.job_id}`, { headers: auth }))
      if (job.status === 'running') break
      expect(job.status).toBe('pending')
      if (Date.now() > deadline) throw new Error('the job never started')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))

    const second = await startMain(dataDir)
    children.push(second.child)
    // Follow the job's event stream to its end, as a script would.
    const stream = await fetch(`${second.url}/api/v1/jobs/${uploaded.job_id}/events/stream`, {
      headers: auth,
    })
    expect(stream.status).toBe(200)
    const events: JobEvent[] = []
    for await (const event of readSse(stream.body!)) events.push(JSON.parse(event.data) as JobEvent)
    const types = events.map((event) => event.type)
    expect(types[0]).toBe('created')
    expect(types).toContain('requeued')
    expect(types.at(-1)).toBe('completed')
    expect(events.map((event) => event.id)).toEqual(events.map((_, i) => i + 1))

    const job = await json<JobView>(fetch(`${second.url}/api/v1/jobs/${uploaded.job_id}`, { headers: auth }))
    expect(job).toMatchObject({ status: 'completed', progress_percent: 100, attempts: 2 })
    const document = await json<DocumentRecord>(
      fetch(`${second.url}/api/documents/${uploaded.id}`, { headers: auth }),
    )
    expect(document.status, JSON.stringify(document.metadata)).toBe('completed')
    expect(document.metadata.pages).toBe(50)
    expect(document.chunk_count).toBeGreaterThan(0)
    expect(job.result).toMatchObject({
      document_id: uploaded.id,
      status: 'completed',
      chunk_count: document.chunk_count,
    })
    const after = await json<{ document_count: number }>(
      fetch(`${second.url}/api/collections/${collection.id}`, { headers: auth }),
    )
    expect(after.document_count).toBe(1)
  })
})
