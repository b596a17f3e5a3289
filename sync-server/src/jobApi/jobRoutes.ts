import { z } from 'zod'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { errorSchema, validationErrorSchema } from '../../../web/core/api/errorSchema'
import { pageSchema, paginationQuery, toPage } from '../../../web/core/api/pagination'
import { defineRoute, type Route } from '../../../web/core/api/Route'
import type { JobStatus } from '../jobs/Job'
import { jobEventStream } from './jobEventStream'
import type { JobPorts } from './JobPorts'
import { jobCreateBody, jobEventSchema, jobLogSchema, jobSchema } from './jobSchemas'

const tags = ['Jobs']
const platform = { errorStyle: 'platform' as const, tags }
const error = (description: string) => ({ description, schema: errorSchema })
const invalid = { description: 'Validation error', schema: validationErrorSchema }
const NOT_FOUND = 'Job not found'
const jobParams = z.object({ job_id: z.uuid() })
const byId = { params: jobParams, notFoundDetail: NOT_FOUND }
/** BrainDrive's job statuses, as the spec names them. */
const BRAINDRIVE_STATUS: Record<string, 'pending' | 'cancelled'> = {
  queued: 'pending',
  waiting: 'pending',
  canceled: 'cancelled',
}
const jobPageSchema = pageSchema(jobSchema).extend({
  jobs: z.array(jobSchema).meta({ description: 'The same jobs as `items`, for BrainDrive’s clients' }),
  total: z.int().meta({ description: 'The same count as `total_items`, for BrainDrive’s clients' }),
})
const FAIRNESS =
  'Jobs run in two pools of their own: model installs and plugin installs and updates (they wait on other servers, for hours) in the outbound pool (OUTBOUND_JOB_CONCURRENCY slots per instance, default 4), everything else in the work pool (JOB_CONCURRENCY, default 2), so installs never hold the slots documents and evaluations need. One person runs at most JOB_CONCURRENCY_PER_USER work jobs and OUTBOUND_JOB_CONCURRENCY_PER_USER outbound ones on an instance (default: one less than the pool, at least 1, so a slot is left for others; single-user servers give the one person every slot). A free slot takes the pending job of the person with the fewest jobs of that pool running, then of the person whose last one started longest ago, then of the person waiting longest; a person’s own jobs go by `priority`, then oldest first.'
const STATES =
  'States: `pending -> running -> completed | failed`. Cancel: pending -> cancelled at once; running -> cancelled once the work stops (it checks between stages). Retry: failed or cancelled -> pending. Delete: only in a terminal state, else 409. A job interrupted by a restart is started again.'

/** The platform API's Jobs section, on the server's persisted queue (DESIGN.md section 2). */
export const jobRoutes: Array<Route<z.ZodType, z.ZodType, z.ZodType, JobPorts>> = [
  defineRoute({
    ...platform,
    method: 'post',
    path: '/api/v1/jobs',
    operationId: 'createJob',
    summary: 'Queue a job',
    description: `Job types: \`document_process\` (payload \`{document_id}\`: process one of your documents again; it goes back to \`processing\`), \`evaluation_run\` (created only by \`POST /api/evaluation/run\`), \`plugin_install\` and \`plugin_update\` (created only by the plugin install and update routes, which hold the package in memory), \`data_import\` (created only by \`POST /api/v1/import\`, which holds the archive in memory). Only \`document_process\` is created here; any other type is 422 naming \`job_type\`. Each type's payload has one shape, checked strictly: an unknown field, a missing one or a wrong type is 422 naming it (\`loc: ["body", "payload", "document_id"]\`). A payload is at most 64 KiB as JSON (else 422 naming \`payload\`); each person may have 100 jobs pending at once, and one more answers 429 with \`Retry-After\` (chosen over 409: it clears as jobs run). ${STATES} ${FAIRNESS}`,
    body: jobCreateBody,
    responses: {
      201: { description: 'Queued', schema: jobSchema },
      200: { description: 'The job created earlier with this idempotency_key', schema: jobSchema },
      404: error('The document named in the payload is not found'),
      422: invalid,
      429: error('Too many pending jobs'),
    },
    async handler({ body }, { jobs, principal, admit }) {
      await admit(principal.user.id, body)
      const { job, created } = await jobs.create(principal.user.id, body)
      if (created) jobs.wake()
      return { status: created ? 201 : 200, body: job }
    },
  }),
  defineRoute({
    ...platform,
    method: 'get',
    path: '/api/v1/jobs',
    operationId: 'listJobs',
    summary: 'List jobs, newest first',
    description:
      'Paginated by `limit` and `offset`. BrainDrive’s own page/size form is accepted too: `page` (1-based) and `page_size` (1..100) override them. ' +
      'Differs from BrainDrive: the answer is the platform’s page envelope `{items, total_items, page, page_size, total_pages}`; BrainDrive’s clients read `{jobs, total}`, so the same list also comes as `jobs` and its count as `total`. ' +
      'Statuses are the spec’s (`pending`, `running`, `completed`, `failed`, `cancelled`); the `status` filter also takes BrainDrive’s `queued` and `waiting` (both pending) and `canceled`.',
    query: paginationQuery.extend({
      status: z
        .enum(['pending', 'running', 'completed', 'failed', 'cancelled', 'queued', 'waiting', 'canceled'])
        .transform((status): JobStatus => BRAINDRIVE_STATUS[status] ?? (status as JobStatus))
        .optional(),
      job_type: z.string().optional(),
      page: z.coerce.number().int().min(1).optional(),
      page_size: z.coerce.number().int().min(1).max(100).optional(),
    }),
    responses: { 200: { description: 'A page of jobs', schema: jobPageSchema }, 422: invalid },
    async handler({ query }, { jobs, principal }) {
      const limit = query.page_size ?? query.limit
      const offset = query.page !== undefined ? (query.page - 1) * limit : query.offset
      const { items, total } = await jobs.list(principal.user.id, { ...query, limit, offset })
      return { status: 200, body: { ...toPage(items, total, limit, offset), jobs: items, total } }
    },
  }),
  defineRoute({
    ...platform,
    ...byId,
    method: 'get',
    path: '/api/v1/jobs/:job_id',
    operationId: 'getJob',
    summary: 'A job with its status, progress and result',
    responses: { 200: { description: 'The job', schema: jobSchema }, 404: error(NOT_FOUND) },
    async handler({ params }, { jobs, principal }) {
      return { status: 200, body: await jobs.get(principal.user.id, params.job_id) }
    },
  }),
  defineRoute({
    ...platform,
    ...byId,
    method: 'post',
    path: '/api/v1/jobs/:job_id/cancel',
    operationId: 'cancelJob',
    summary: 'Cancel a job',
    description: STATES,
    responses: {
      200: { description: 'The job: cancelled, or still running until its work stops', schema: jobSchema },
      404: error(NOT_FOUND),
      409: error('The job already ended'),
    },
    async handler({ params }, { jobs, principal }) {
      return { status: 200, body: await jobs.cancel(principal.user.id, params.job_id) }
    },
  }),
  defineRoute({
    ...platform,
    ...byId,
    method: 'post',
    path: '/api/v1/jobs/:job_id/retry',
    operationId: 'retryJob',
    summary: 'Run a failed or cancelled job again',
    description: STATES,
    responses: {
      200: { description: 'The job, pending again', schema: jobSchema },
      404: error(NOT_FOUND),
      409: error('Only failed or cancelled jobs can be retried'),
    },
    async handler({ params }, { jobs, principal }) {
      const job = await jobs.retry(principal.user.id, params.job_id)
      jobs.wake()
      return { status: 200, body: job }
    },
  }),
  defineRoute({
    ...platform,
    ...byId,
    method: 'get',
    path: '/api/v1/jobs/:job_id/events',
    operationId: 'listJobEvents',
    summary: "A job's events, oldest first",
    responses: { 200: { description: 'Events', schema: z.array(jobEventSchema) }, 404: error(NOT_FOUND) },
    async handler({ params }, { jobs, principal }) {
      return { status: 200, body: await jobs.events(principal.user.id, params.job_id) }
    },
  }),
  defineRoute({
    ...platform,
    ...byId,
    method: 'get',
    path: '/api/v1/jobs/:job_id/events/stream',
    operationId: 'streamJobEvents',
    summary: "A job's events as server-sent events",
    description:
      'Each event is sent as `id: <number>`, `event: <type>` and `data: <JobEvent JSON>`. Stored events are replayed first (after `Last-Event-ID` when the client reconnects, or the `last_event_id` query parameter), then new ones as they happen; the stream ends after the terminal event (completed, failed or cancelled).',
    query: z.object({ last_event_id: z.coerce.number().int().min(0).optional() }),
    responses: {
      200: { description: 'text/event-stream of JobEvent' },
      404: error(NOT_FOUND),
      422: invalid,
    },
    async handler({ params, query }, { jobs, principal, lastEventId }) {
      const header = lastEventId === undefined || lastEventId === '' ? undefined : Number(lastEventId)
      if (header !== undefined && (!Number.isInteger(header) || header < 0)) {
        throw ApiError.unprocessable([
          {
            loc: ['header', 'Last-Event-ID'],
            msg: 'Last-Event-ID must be an event number',
            type: 'value_error',
          },
        ])
      }
      await jobs.get(principal.user.id, params.job_id)
      return jobEventStream(jobs, principal.user.id, params.job_id, header ?? query.last_event_id ?? 0)
    },
  }),
  defineRoute({
    ...platform,
    ...byId,
    method: 'get',
    path: '/api/v1/jobs/:job_id/logs',
    operationId: 'listJobLogs',
    summary: "A job's log lines, oldest first",
    responses: { 200: { description: 'Log lines', schema: z.array(jobLogSchema) }, 404: error(NOT_FOUND) },
    async handler({ params }, { jobs, principal }) {
      return { status: 200, body: await jobs.logs(principal.user.id, params.job_id) }
    },
  }),
  defineRoute({
    ...platform,
    ...byId,
    method: 'delete',
    path: '/api/v1/jobs/:job_id',
    operationId: 'deleteJob',
    summary: 'Delete a finished job with its events and logs',
    responses: {
      204: { description: 'Deleted' },
      404: error(NOT_FOUND),
      409: error('The job has not ended: cancel it first'),
    },
    async handler({ params }, { jobs, principal }) {
      await jobs.remove(principal.user.id, params.job_id)
      return { status: 204 }
    },
  }),
]
