import { z } from 'zod'
import type { ApiPorts, PluginJobs, PluginWork } from '../../ApiPorts'
import type { ApiResult } from '../../../kernel/ApiResult'
import { booleanQuery } from '../booleanQuery'

/** `?async=true`: answer 202 with the job's id at once instead of waiting for the install. */
export const asyncQuery = z.object({ async: booleanQuery.optional().default(false) })

/** What the install and update routes say about jobs (their OpenAPI descriptions). */
export const JOBS_NOTE =
  'On the sync server the work runs as a job (`plugin_install` or `plugin_update`) with progress by stage (downloading, with the percent of the bytes received when the size is known; unpacking; validating; storing, by files; saving): the route answers once the job has ended, as below, with `data.job_id`, so a client may follow `GET /api/v1/jobs/{job_id}/events/stream` meanwhile. With `?async=true` (or the header `Prefer: respond-async`) it answers `202 {status: "accepted", message, job_id}` at once (and `Location: /api/v1/jobs/{job_id}`); the job then ends `completed` with the answer’s `data` (without `plugin`) as its result, or `failed` with the error’s detail. A job interrupted by a restart fails (its package was in memory): install again. The browser has no jobs: it runs the work in the request, and answers as without `async`.'

/** The 202 answer's schema. */
export const acceptedResponse = {
  description: 'Queued as a job (`?async=true` or `Prefer: respond-async`, on the sync server)',
  schema: z.object({ status: z.literal('accepted'), message: z.string(), job_id: z.string() }),
}

/** Whether the client asked not to wait: `?async=true`, or RFC 7240's `Prefer: respond-async`. */
export function wantsAsync(query: { async?: boolean }, headers: Record<string, string>): boolean {
  if (query.async === true) return true
  return (headers.prefer ?? '')
    .split(',')
    .some((preference) => preference.trim().toLowerCase() === 'respond-async')
}

/**
 * Runs an install or update through the host's jobs when it has them (`ports.pluginJobs`), else in
 * the request. Waiting (the default), the answer is the work's, with `data.job_id`; a failure throws
 * the work's error, answered as it would be without a job. `respondAsync`: 202 with the job's id.
 */
export async function runPluginJob(
  ports: Pick<ApiPorts, 'pluginJobs'>,
  kind: Parameters<PluginJobs['run']>[0],
  payload: Record<string, unknown>,
  respondAsync: boolean,
  work: PluginWork,
): Promise<ApiResult> {
  if (!ports.pluginJobs) return work(() => undefined, new AbortController().signal)
  const { job_id: jobId, done } = await ports.pluginJobs.run(kind, payload, work)
  if (respondAsync) {
    // Nobody waits for `done`: its outcome is the job's, read through the jobs API.
    done.catch(() => undefined)
    return {
      status: 202,
      headers: { location: `/api/v1/jobs/${jobId}` },
      body: {
        status: 'accepted',
        message: `Queued as job ${jobId}; follow GET /api/v1/jobs/${jobId}/events/stream`,
        job_id: jobId,
      },
    }
  }
  const answer = await done
  const body = answer.body as { data?: Record<string, unknown> } | undefined
  if (!body || typeof body !== 'object') return answer
  return { ...answer, body: { ...body, data: { ...body.data, job_id: jobId } } }
}
