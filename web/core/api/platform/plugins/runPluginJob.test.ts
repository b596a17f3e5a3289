import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../kernel/ApiError'
import type { PluginJobs, PluginWork } from '../../ApiPorts'
import { runPluginJob, wantsAsync } from './runPluginJob'

const answer = { status: 200, body: { status: 'success', message: 'Installed', data: { plugin_slug: 'P' } } }

/** A host's jobs that run the work at once and remember what they were given. */
function fakeJobs(): PluginJobs & { runs: Array<{ kind: string; payload: Record<string, unknown> }> } {
  const runs: Array<{ kind: string; payload: Record<string, unknown> }> = []
  return {
    runs,
    async run(kind, payload, work) {
      runs.push({ kind, payload })
      return { job_id: 'job-1', done: work(() => undefined, new AbortController().signal) }
    },
  }
}

describe('runPluginJob', () => {
  it('runs the work in the request where the host has no jobs (the browser), answering it as it is', async () => {
    const work: PluginWork = async (onProgress) => {
      onProgress('unpacking', 0)
      return answer
    }
    expect(await runPluginJob({}, 'plugin_install', {}, true, work)).toEqual(answer)
  })

  it('waits for the job and adds its id to data', async () => {
    const jobs = fakeJobs()
    const result = await runPluginJob(
      { pluginJobs: jobs },
      'plugin_update',
      { plugin_slug: 'P' },
      false,
      async () => answer,
    )
    expect(result).toEqual({
      ...answer,
      body: { ...answer.body, data: { plugin_slug: 'P', job_id: 'job-1' } },
    })
    expect(jobs.runs).toEqual([{ kind: 'plugin_update', payload: { plugin_slug: 'P' } }])
  })

  it('throws the work’s error when waiting, and answers 202 without waiting', async () => {
    const jobs = fakeJobs()
    const failing: PluginWork = async () => {
      throw ApiError.badRequest('Not an archive')
    }
    await expect(runPluginJob({ pluginJobs: jobs }, 'plugin_install', {}, false, failing)).rejects.toThrow(
      'Not an archive',
    )
    const accepted = await runPluginJob({ pluginJobs: jobs }, 'plugin_install', {}, true, failing)
    expect(accepted).toMatchObject({
      status: 202,
      headers: { location: '/api/v1/jobs/job-1' },
      body: { status: 'accepted', job_id: 'job-1' },
    })
  })
})

describe('wantsAsync', () => {
  it('reads ?async=true and Prefer: respond-async among other preferences', () => {
    expect(wantsAsync({ async: true }, {})).toBe(true)
    expect(wantsAsync({ async: false }, {})).toBe(false)
    expect(wantsAsync({}, { prefer: 'return=minimal, Respond-Async' })).toBe(true)
    expect(wantsAsync({}, { prefer: 'respond-asynchronously' })).toBe(false)
  })
})
