import { z } from 'zod'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { validationIssues } from '../../../web/core/api/validationIssues'
import { CLIENT_JOB_PAYLOADS, type JobPayloadSchemas } from '../jobApi/jobPayloadSchemas'
import type { JobCreate } from '../jobs/Job'
import type { JobService } from '../jobs/JobService'
import type { UserSpaces } from './UserSpaces'
import { DOCUMENT_PROCESS, EVALUATION_RUN } from './workJobs'
import { DATA_IMPORT, PLUGIN_INSTALL, PLUGIN_UPDATE } from '../plugins/PluginJobQueue'

/** A job's payload is a few ids and options: a row of megabytes is someone filling the database. */
export const MAX_JOB_PAYLOAD_BYTES = 64 * 1024
/** Jobs one person may have waiting: past it a script scheduling jobs in a loop is told to wait (429). */
export const MAX_PENDING_JOBS_PER_USER = 100

/**
 * Checks a job a client asks for (`POST /api/v1/jobs`) before it is queued: its payload's size, the
 * caller's pending jobs, its payload against its type's schema (`payloads`: unknown type, unknown
 * field or wrong type is 422 naming the field), then against the caller's own data: a `document_process` job names one of their documents (else 404, as every route answers
 * for another user's id), which goes back to `processing` with any earlier processing of it
 * cancelled; `evaluation_run` jobs come only from `POST /api/evaluation/run`, which stores the run,
 * and plugin jobs only from the install and update routes, which hold the package they install.
 */
export function admitJob(
  spaces: UserSpaces,
  jobs: JobService,
  payloads: JobPayloadSchemas = CLIENT_JOB_PAYLOADS,
) {
  return async (userId: string, input: JobCreate): Promise<void> => {
    if (new TextEncoder().encode(JSON.stringify(input.payload ?? {})).length > MAX_JOB_PAYLOAD_BYTES) {
      throw ApiError.unprocessable([
        {
          loc: ['body', 'payload'],
          msg: `is larger than ${MAX_JOB_PAYLOAD_BYTES / 1024} KiB as JSON`,
          type: 'value_error',
        },
      ])
    }
    const { total: pending } = await jobs.list(userId, { status: 'pending', limit: 1, offset: 0 })
    if (pending >= MAX_PENDING_JOBS_PER_USER) {
      throw new ApiError(
        429,
        `You have ${pending} jobs waiting, the most one person may: let them run, or cancel some, and try again`,
        { 'Retry-After': '30' },
      )
    }
    if (input.job_type === EVALUATION_RUN) {
      throw ApiError.unprocessable([
        {
          loc: ['body', 'job_type'],
          msg: 'Start evaluation runs with POST /api/evaluation/run',
          type: 'value_error',
        },
      ])
    }
    if (input.job_type === PLUGIN_INSTALL || input.job_type === PLUGIN_UPDATE) {
      throw ApiError.unprocessable([
        {
          loc: ['body', 'job_type'],
          msg: 'Install plugins with POST /api/v1/plugins/install and update them with POST /api/v1/plugins/{plugin_slug}/update',
          type: 'value_error',
        },
      ])
    }
    if (input.job_type === DATA_IMPORT) {
      throw ApiError.unprocessable([
        { loc: ['body', 'job_type'], msg: 'Import archives with POST /api/v1/import', type: 'value_error' },
      ])
    }
    const schema = Object.hasOwn(payloads, input.job_type) ? payloads[input.job_type] : undefined
    if (schema === undefined) {
      throw ApiError.unprocessable([
        {
          loc: ['body', 'job_type'],
          msg: `Unknown job type; one of: ${Object.keys(payloads).sort().join(', ')}`,
          type: 'value_error',
        },
      ])
    }
    const parsed = schema.safeParse(input.payload ?? {})
    if (!parsed.success) {
      throw ApiError.unprocessable(
        validationIssues(parsed.error, 'body').map((issue) => ({
          ...issue,
          loc: ['body', 'payload', ...issue.loc.slice(1)],
        })),
      )
    }
    if (input.job_type !== DOCUMENT_PROCESS) return
    const documentId = String(parsed.data.document_id)
    const { store } = (await spaces.get(userId)).runtime.ports
    const document = z.uuid().safeParse(documentId).success
      ? await store.documents.getDocument(documentId)
      : undefined
    if (!document) throw ApiError.notFound('Document not found')
    const earlier = await jobs.findActive(userId, DOCUMENT_PROCESS, 'document_id', documentId)
    if (earlier) await jobs.cancel(userId, earlier.id).catch(() => undefined)
    await store.documents.updateDocument(documentId, {
      status: 'processing',
      processed_at: null,
      metadata: {},
      progress: { stage: 'queued', percent: 0 },
    })
  }
}
