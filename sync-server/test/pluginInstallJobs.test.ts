import type { ServerResponse } from 'node:http'
import { gzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_USER_ID } from '../../web/core/api/createApiPorts'
import {
  testManifest,
  testPluginFiles,
  testPluginZip,
  zipOf,
} from '../../web/core/api/platform/plugins/installTestPackages'
import { tar } from '../../web/core/plugins/package/testArchives'
import { sha256Hex } from '../../web/core/store/FileStore'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream'
import { startTestServer } from './startTestServer'

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** Sends `bytes` with their size declared, in three parts 250 ms apart: a download that takes a while. */
async function sendSlowly(response: ServerResponse, bytes: Uint8Array): Promise<void> {
  response.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(bytes.length) })
  const third = Math.ceil(bytes.length / 3)
  for (let start = 0; start < bytes.length; start += third) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, 250))
    response.write(Buffer.from(bytes.subarray(start, start + third)))
  }
  response.end()
}

describe('plugin installs and updates as jobs with progress (single user)', () => {
  let fake: FakeUpstream
  let server: Awaited<ReturnType<typeof startTestServer>>
  let slowVersion = '1.0.0'

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(server.url + path, {
      method,
      headers: {
        ...headers,
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      ...(body instanceof FormData ? { body } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    return { status: response.status, headers: response.headers, body: (await response.json()) as Json }
  }
  const upload = (bytes: Uint8Array, name = 'plugin.zip') => {
    const data = new FormData()
    data.append('method', 'upload')
    data.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), name)
    return data
  }
  const job = async (id: string) => (await call('GET', `/api/v1/jobs/${id}`)).body
  const events = async (id: string) =>
    (await call('GET', `/api/v1/jobs/${id}/events`)).body as unknown as Array<{
      type: string
      data: Json
    }>
  const progress = async (id: string) =>
    (await events(id))
      .filter((event) => event.type === 'progress')
      .map((event) => ({ percent: event.data.percent as number, stage: event.data.message as string }))
  const until = async (id: string, statuses: string[]) => {
    for (let i = 0; i < 200; i++) {
      const current = await job(id)
      if (statuses.includes(current.status)) return current
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`job ${id} did not end`)
  }
  const installedSlugs = async () =>
    Object.keys((await call('GET', '/api/v1/plugins/manifest')).body as Record<string, unknown>)
  const stored = async (text: string) =>
    (await server.spaces.get(LOCAL_USER_ID)).runtime.ports.files.get(
      await sha256Hex(new TextEncoder().encode(text)),
    )

  beforeAll(async () => {
    fake = await startFakeUpstream((request, response) => {
      if (request.path === '/slow/plugin.zip') {
        void sendSlowly(response, testPluginZip({ slug: 'SlowPlugin', version: slowVersion }))
        return
      }
      response.writeHead(404, { 'content-type': 'application/json' }).end('{}')
    })
    server = await startTestServer()
  })
  afterAll(async () => {
    await server.stop()
    await fake.close()
  })

  it('runs an upload install as a plugin_install job with progress by stage; its id is in the answer', async () => {
    const answer = await call('POST', '/api/v1/plugins/install', upload(testPluginZip({ slug: 'JobPlugin' })))
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({
      status: 'success',
      data: { plugin_slug: 'JobPlugin', source: 'upload' },
    })
    const id = answer.body.data.job_id as string
    expect(id).toMatch(/^[0-9a-f-]{36}$/)

    // The route answers once the job has ended.
    const ended = await job(id)
    expect(ended).toMatchObject({
      job_type: 'plugin_install',
      status: 'completed',
      progress_percent: 100,
      payload: { method: 'upload', filename: 'plugin.zip' },
      result: { plugin_slug: 'JobPlugin', plugin_id: answer.body.data.plugin_id },
    })
    expect(ended.result.plugin).toBeUndefined()
    const steps = await progress(id)
    // Each stage in order (a slow machine may report one stage twice).
    const stages = steps.map((step) => step.stage).filter((stage, i, all) => stage !== all[i - 1])
    expect(stages).toEqual(['unpacking', 'validating', 'storing', 'saving'])
    const percents = steps.map((step) => step.percent)
    expect(new Set(percents).size).toBeGreaterThanOrEqual(3)
    expect(percents).toEqual([...percents].sort((a, b) => a - b))
    expect(await installedSlugs()).toContain('JobPlugin')
  })

  it('answers 202 with the job at once for ?async=true (and Prefer: respond-async); the job completes', async () => {
    const accepted = await call(
      'POST',
      '/api/v1/plugins/install?async=true',
      upload(testPluginZip({ slug: 'AsyncPlugin' })),
    )
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202)
    expect(accepted.body).toMatchObject({ status: 'accepted', job_id: expect.any(String) })
    const id = accepted.body.job_id as string
    expect(accepted.headers.get('location')).toBe(`/api/v1/jobs/${id}`)

    // A client follows it on the event stream, which ends after the job's last event.
    const stream = await fetch(`${server.url}/api/v1/jobs/${id}/events/stream`)
    const text = await stream.text()
    expect(text).toContain('event: completed')
    expect((await job(id)).result).toMatchObject({ plugin_slug: 'AsyncPlugin' })
    expect(await installedSlugs()).toContain('AsyncPlugin')

    const preferred = await call(
      'POST',
      '/api/v1/plugins/install',
      upload(testPluginZip({ slug: 'PreferPlugin' })),
      { prefer: 'respond-async' },
    )
    expect(preferred.status).toBe(202)
    expect(await until(preferred.body.job_id as string, ['completed', 'failed'])).toMatchObject({
      status: 'completed',
    })
  })

  it('fails the job of a bad package with the 4xx detail the route answers, installing nothing', async () => {
    // An entry climbing out of the package: 400 before anything is stored.
    const unsafe = gzipSync(
      tar([
        { name: 'plugin.json', data: JSON.stringify(testManifest({ slug: 'Unsafe' })) },
        { name: '../escape.js', data: 'window.escaped = true' },
      ]),
    )
    const refused = await call('POST', '/api/v1/plugins/install', upload(unsafe, 'unsafe.tgz'))
    expect(refused.status).toBe(400)
    const failedJobs = (await call('GET', '/api/v1/jobs?job_type=plugin_install&status=failed')).body
    const failed = (failedJobs.items as Json[])[0]!
    expect(failed.error).toBe(refused.body.detail)

    // A manifest breaking rules: 422 naming them; the job's error lists the same.
    const files = testPluginFiles({ slug: 'Broken Slug!' })
    const broken = zipOf({
      ...files,
      'plugin.json': JSON.stringify(testManifest({ slug: 'Broken Slug!', version: 'one' })),
    })
    const invalid = await call('POST', '/api/v1/plugins/install?async=true', upload(broken))
    expect(invalid.status).toBe(202)
    const ended = await until(invalid.body.job_id as string, ['completed', 'failed'])
    expect(ended.status).toBe('failed')
    expect(ended.error).toMatch(/version/i)
    const sync = await call('POST', '/api/v1/plugins/install', upload(broken))
    expect(sync.status).toBe(422)
    const newest = (await call('GET', '/api/v1/jobs?job_type=plugin_install&status=failed&limit=1')).body
    expect((newest.items as Json[])[0]!.error).toBe(
      (sync.body.detail as Array<{ msg: string }>).map((issue) => issue.msg).join('; '),
    )

    expect(await installedSlugs()).not.toContain('Unsafe')
    expect(await installedSlugs()).not.toContain('Broken Slug!')
    expect(await stored(files['dist/remoteEntry.js']!)).toBeUndefined()
  })

  it('reports download progress from the bytes received, then updates as a plugin_update job', async () => {
    const installed = await call('POST', '/api/v1/plugins/install-from-url', {
      repo_url: `${fake.url}/slow/plugin.zip`,
    })
    expect(installed.status, JSON.stringify(installed.body)).toBe(200)
    const steps = await progress(installed.body.data.job_id as string)
    const downloading = steps.filter((step) => step.stage === 'downloading').map((step) => step.percent)
    expect(downloading[0]).toBe(0)
    // Part of the bytes (two thirds) were reported before all had come.
    expect(downloading.some((percent) => percent > 0 && percent < 50)).toBe(true)
    expect(steps.at(-1)!.stage).toBe('saving')

    slowVersion = '1.1.0'
    const updated = await call('POST', '/api/v1/plugins/SlowPlugin/update')
    expect(updated.status, JSON.stringify(updated.body)).toBe(200)
    expect(updated.body.data).toMatchObject({
      previous_version: '1.0.0',
      new_version: '1.1.0',
      updated: true,
    })
    const updateJob = await job(updated.body.data.job_id as string)
    expect(updateJob).toMatchObject({
      job_type: 'plugin_update',
      status: 'completed',
      payload: { plugin_slug: 'SlowPlugin' },
      result: { new_version: '1.1.0' },
    })
    expect((await progress(updateJob.id as string)).map((step) => step.stage)).toContain('downloading')

    // A slug not installed is 404 at once: no job.
    const before = (await call('GET', '/api/v1/jobs?job_type=plugin_update')).body.total
    expect((await call('POST', '/api/v1/plugins/Nothing/update')).status).toBe(404)
    expect((await call('GET', '/api/v1/jobs?job_type=plugin_update')).body.total).toBe(before)
  })

  it('refuses plugin jobs asked for directly, and fails one that has no package in memory (a restart)', async () => {
    const direct = await call('POST', '/api/v1/jobs', { job_type: 'plugin_install', payload: {} })
    expect(direct.status).toBe(422)
    expect(JSON.stringify(direct.body)).toMatch(/POST \/api\/v1\/plugins\/install/)

    const { job: orphan } = await server.jobs.create(LOCAL_USER_ID, {
      job_type: 'plugin_install',
      payload: { work_token: 'from-before-a-restart' },
    })
    const ended = await until(orphan.id, ['completed', 'failed'])
    expect(ended).toMatchObject({ status: 'failed' })
    expect(ended.error).toMatch(/install or update the plugin again/)
  })
})
