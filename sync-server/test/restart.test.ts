import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { testPluginZip } from '../../web/core/api/platform/plugins/installTestPackages'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { formatHlc } from '../../web/core/sync/Hlc'
import { corpusDir } from '../../web/core/testing/corpusDir'
import type { JobEvent, JobView } from '../src/jobs/Job'
import { bulkArchive, bulkWord } from './bulkArchive'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { rawConnection } from './rawHttp'
import { pulledNoteIds } from './pulledNoteIds'
import { signUpForTest } from './signUpForTest'
import { killHard, startMain } from './startMain'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { pollUntil } from './pollUntil'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const IMPORTED = 150
const PUSHED_FIRST = 20
const PUSHED_IN_FLIGHT = 500 // MAX_PUSH_MUTATIONS

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

const note = (word: string) => `# ${word}\n\nThe harbour keeper wrote ${word} in the log at dawn.`
const pushBody = (from: number, to: number) => {
  const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'faults' })
  const mutations = []
  for (let counter = from; counter <= to; counter++) {
    mutations.push({
      counter,
      change: { kind: 'note', id: `note-${counter}`, fields: { n: { value: counter, hlc } } },
    })
  }
  return { client_id: 'fault-device', mutations }
}

/**
 * The fault suite (issue 41 item 4): the server is a real process, killed with SIGKILL (no chance to
 * finish a request, flush or close its database) while an upload's body is arriving, a document is
 * being processed, a sync push is on its way, a plugin install is downloading and an import is
 * running, all at once; then started again on the same DATA_DIR. Checked after the restart: every
 * write answered before the kill is there (and the personal access token made before still works);
 * every job resumes to its end or fails with a reason, and what a failed one left can be done again
 * without doubling anything; the search index agrees with the store (every completed document's
 * passages are found, none of a deleted document or of one not stored).
 */
describe('restart recovery: SIGKILL during work', () => {
  const children: ChildProcess[] = []
  const dirs: string[] = []
  let fake: FakeUpstream | undefined
  afterEach(async () => {
    for (const child of children.splice(0)) await killHard(child)
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
    await fake?.close()
  })

  it(
    'keeps every acknowledged write, ends every job, and its index agrees with its store',
    { timeout: scaledTimeout(400_000) },
    async () => {
      const plugin = testPluginZip({ slug: 'FaultPlugin' })
      let pluginServed: 'half' | 'whole' = 'half'
      fake = await startFakeUpstream((_request, response) => {
        response.writeHead(200, {
          'content-type': 'application/zip',
          'content-length': String(plugin.length),
        })
        // The first install's download stops half way and never ends: the install is running at the kill.
        if (pluginServed === 'half') response.write(Buffer.from(plugin.subarray(0, plugin.length >> 1)))
        else response.end(Buffer.from(plugin))
      })
      const dataDir = mkdtempSync(join(tmpdir(), 'quire-faults-'))
      dirs.push(dataDir)
      // The checks below search hundreds of times: no per-person rate limit.
      const env = { OUTBOUND_ALLOW: '127.0.0.1', RATE_LIMIT_USER: '0' }
      // The archive is made here while the server starts in its own process.
      const starting = startMain(dataDir, env)
      const archive = await bulkArchive(IMPORTED)
      const first = await starting
      children.push(first.child)
      // Another person installs the plugin: each person's outbound jobs (installs, imports) take turns.
      const [{ auth }, { auth: installer }] = await Promise.all([
        signUpForTest(first.url, 'restarter'),
        signUpForTest(first.url, 'installer'),
      ])
      let base = first.url
      const call = async (method: string, path: string, body?: unknown, as = auth) => {
        const form = body instanceof FormData
        const response = await fetch(base + path, {
          method,
          headers: {
            ...as,
            ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
          },
          body: form ? body : body === undefined ? undefined : JSON.stringify(body),
        })
        const text = await response.text()
        return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json }
      }
      const upload = async (collectionId: string, name: string, bytes: Uint8Array | string) => {
        const form = new FormData()
        form.append('collection_id', collectionId)
        form.append('file', new Blob([bytes as BlobPart]), name)
        const answer = await call('POST', '/api/documents/', form)
        expect(answer.status, JSON.stringify(answer.body)).toBe(201)
        return answer.body as DocumentRecord & { job_id: string }
      }
      const job = async (id: string, as = auth) =>
        (await call('GET', `/api/v1/jobs/${id}`, undefined, as)).body as JobView
      const until = (what: string, check: () => Promise<boolean>, ms = 150_000) => pollUntil(what, check, ms)
      const documents = async () => (await call('GET', '/api/documents/')).body as unknown as DocumentRecord[]
      const search = async (query: string) =>
        (await call('POST', '/api/search_u/', { query, top_k: 5 })).body.chunks as Array<{
          document_id: string
          content: string
        }>

      // Acknowledged before the kill: a collection, three processed documents, one deleted, a sync push.
      const collection = (await call('POST', '/api/collections/', { name: 'Harbour', description: 'Logs' }))
        .body
      const done = ['kittiwake', 'cormorant', 'guillemot']
      const [gone] = await Promise.all([
        upload(collection.id, 'gannet.md', note('gannet')),
        ...done.map((word) => upload(collection.id, `${word}.md`, note(word))),
      ])
      await until('the first documents are processed', async () =>
        (await documents()).every((document) => document.status === 'completed'),
      )
      expect((await call('DELETE', `/api/documents/${gone.id}`)).status).toBeLessThan(300)
      const pushed = await call('POST', '/api/v1/sync/push', pushBody(1, PUSHED_FIRST))
      expect(pushed.body).toMatchObject({ acked: PUSHED_FIRST })
      // In flight at the kill. A plugin install, downloading.
      const install = await call(
        'POST',
        '/api/v1/plugins/install-from-url?async=true',
        { repo_url: `${fake.url}/plugin.zip` },
        installer,
      )
      expect(install.status, JSON.stringify(install.body)).toBe(202)
      await until(
        'the install is downloading',
        async () => (await job(install.body.job_id, installer)).status === 'running',
      )
      // An upload whose body is half sent.
      const halfUpload = rawConnection(base)
      const boundary = 'fault-boundary'
      const part =
        `--${boundary}\r\nContent-Disposition: form-data; name="collection_id"\r\n\r\n${collection.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="petrel.md"\r\n\r\n${note('petrel')}`
      halfUpload.write(
        `POST /api/documents/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth.authorization}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${part.length + 100_000}\r\n\r\n${part}`,
      )
      // Processing: a 107-page filing, its job running; uploaded last but the import, and long enough to be
      // read still when the import runs (an 18-page PDF uploaded first had ended by then on a quiet machine).
      const pdf = readFileSync(
        join(corpusDir(process.env, repoRoot), 'qa/financebench-dev/pdfs/BESTBUY_2019_10K.pdf'),
      )
      const processing = await upload(collection.id, 'bestbuy.pdf', pdf)
      await until(
        'the PDF is being processed',
        async () => (await job(processing.job_id)).status === 'running',
      )
      const queued = await upload(collection.id, 'puffin.md', note('puffin'))
      // An import, running.
      const importForm = () => {
        const form = new FormData()
        form.append('file', new Blob([archive.bytes as BlobPart]), 'bulk.zip')
        return form
      }
      const imported = await call('POST', '/api/v1/import?async=true', importForm())
      expect(imported.status, JSON.stringify(imported.body)).toBe(202)
      // A sync push of hundreds of changes, sent but not answered.
      const inFlight = pushBody(PUSHED_FIRST + 1, PUSHED_FIRST + PUSHED_IN_FLIGHT)
      void call('POST', '/api/v1/sync/push', inFlight).catch(() => undefined)
      // The kill comes as soon as the import runs (polled, not slept: on a fast machine the whole
      // import takes well under a second). The import job's failure after the restart and the PDF
      // job's second attempt are what prove each was running at the kill.
      let atKill: { pdf?: JobView; import?: JobView } = {}
      await until(
        'the import is running',
        async () => {
          const [pdfNow, current] = await Promise.all([job(processing.job_id), job(imported.body.job_id)])
          atKill = { pdf: pdfNow, import: current }
          if (current.status !== 'pending' && current.status !== 'running')
            throw new Error(`the import ended before the kill: ${JSON.stringify(current)}`)
          return current.status === 'running'
        },
        20_000,
      )
      await killHard(first.child)
      halfUpload.close()
      expect(atKill.pdf?.status).toBe('running')
      expect(atKill.import?.status).toBe('running')
      const second = await startMain(dataDir, env)
      children.push(second.child)
      base = second.url
      pluginServed = 'whole'

      // Every job ends: resumed to completion, or failed saying why.
      const allJobs = async () => [
        ...((await call('GET', '/api/v1/jobs?limit=100')).body.items as JobView[]),
        ...((await call('GET', '/api/v1/jobs?limit=100', undefined, installer)).body.items as JobView[]),
      ]
      await until('no job is pending or running', async () =>
        (await allJobs()).every((current) => current.status !== 'pending' && current.status !== 'running'),
      ).catch(async (error: Error) => {
        const open = (await allJobs()).filter(
          (current) => current.status === 'pending' || current.status === 'running',
        )
        throw new Error(
          `${error.message}: ${JSON.stringify(open.map(({ job_type, status, payload }) => ({ job_type, status, payload })))}`,
        )
      })
      const jobs = await allJobs()
      expect(jobs.length).toBeGreaterThanOrEqual(done.length + 5)
      for (const ended of jobs) {
        // A document's job is cancelled when a newer one takes its document over (its document is
        // checked below); any other end but completion says why.
        if (ended.status === 'cancelled') expect(ended.job_type).toBe('document_process')
        else if (ended.status !== 'completed') {
          expect(ended.status, ended.job_type).toBe('failed')
          expect(ended.error, ended.job_type).toMatch(/\w{3,}/)
        }
      }
      const events = (await call('GET', `/api/v1/jobs/${processing.job_id}/events`))
        .body as unknown as JobEvent[]
      expect(events.map((event) => event.type)).toContain('requeued')
      expect(events.map((event) => event.id)).toEqual(events.map((_, i) => i + 1))
      expect(await job(processing.job_id)).toMatchObject({
        status: 'completed',
        progress_percent: 100,
        attempts: 2,
      })
      const pluginJob = await job(install.body.job_id, installer)
      expect(pluginJob.status).toBe('failed')
      expect(pluginJob.error).toMatch(/install/i)
      const importJob = await job(imported.body.job_id)
      expect(importJob.status).toBe('failed')
      expect(importJob.error).toMatch(/import/i)
      // Every acknowledged write is there; the deleted document and the half-sent upload are not.
      await until('every document is processed', async () =>
        (await documents()).every(
          (document) => document.status === 'completed' || document.status === 'failed',
        ),
      )
      const harbour = (await documents()).filter((document) => document.collection_id === collection.id)
      expect(harbour.map((document) => document.original_filename).sort()).toEqual(
        [...done.map((word) => `${word}.md`), 'puffin.md', 'bestbuy.pdf'].sort(),
      )
      expect(harbour.every((document) => document.status === 'completed')).toBe(true)
      expect(harbour.find((document) => document.id === processing.id)?.metadata.pages).toBe(107)
      expect(harbour.find((document) => document.id === queued.id)?.chunk_count).toBeGreaterThan(0)

      // The sync push: the acknowledged one is there; the one cut off, sent again, is applied once.
      const retried = await call('POST', '/api/v1/sync/push', inFlight)
      expect(retried.body).toMatchObject({ acked: PUSHED_FIRST + PUSHED_IN_FLIGHT })
      const ids = await pulledNoteIds(call)
      expect(new Set(ids).size).toBe(ids.length)
      expect(ids.length).toBe(PUSHED_FIRST + PUSHED_IN_FLIGHT)
      // What a failed job left is done again: the import adds what it lacks and doubles nothing; the
      // plugin installs whole.
      const again = await call('POST', '/api/v1/import', importForm())
      expect(again.status, JSON.stringify(again.body)).toBe(200)
      const bulk = (await documents()).filter((document) => document.collection_id === archive.collectionId)
      expect(bulk).toHaveLength(IMPORTED)
      expect(new Set(bulk.map((document) => document.original_filename)).size).toBe(IMPORTED)
      const manifest = async () =>
        Object.keys((await call('GET', '/api/v1/plugins/manifest', undefined, installer)).body)
      expect(await manifest()).not.toContain('FaultPlugin')
      const reinstalled = await call(
        'POST',
        '/api/v1/plugins/install-from-url',
        { repo_url: `${fake.url}/plugin.zip` },
        installer,
      )
      expect(reinstalled.status, JSON.stringify(reinstalled.body)).toBe(200)
      expect(await manifest()).toContain('FaultPlugin')
      // The search index agrees with the store: each completed document's own word finds its passage
      // (the harbour's and every imported one), a deleted or never-stored one's finds nothing.
      for (const word of [...done, 'puffin']) {
        const hit = harbour.find((document) => document.original_filename === `${word}.md`)!
        expect((await search(word))[0]?.document_id, word).toBe(hit.id)
      }
      expect(
        (await search('Digital Millennium Copyright Act')).some(
          (chunk) => chunk.document_id === processing.id,
        ),
      ).toBe(true)
      // A few searches at a time: the server answers them while the test waits on others.
      for (let from = 0; from < IMPORTED; from += 10) {
        const batch = Array.from({ length: Math.min(10, IMPORTED - from) }, (_, k) => from + k)
        const found = await Promise.all(batch.map(async (i) => (await search(bulkWord(i)))[0]?.document_id))
        batch.forEach((i, k) => {
          const hit = bulk.find((document) => document.original_filename === `entry-${i}.md`)!
          expect(found[k], bulkWord(i)).toBe(hit.id)
        })
      }
      const stored = new Set((await documents()).map((document) => document.id))
      for (const word of ['gannet', 'petrel', 'harbour keeper dawn']) {
        for (const chunk of await search(word)) expect(stored.has(chunk.document_id), word).toBe(true)
      }
      for (const word of ['gannet', 'petrel']) {
        expect((await search(word)).filter((chunk) => chunk.content.includes(word))).toEqual([])
      }
    },
  )
})
