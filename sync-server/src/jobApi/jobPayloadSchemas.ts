import { z } from 'zod'
import { DOCUMENT_PROCESS } from '../spaces/workJobs'

/** For each job type a client may create with `POST /api/v1/jobs`, the one payload it takes. */
export type JobPayloadSchemas = Readonly<Record<string, z.ZodType<Record<string, unknown>>>>

/**
 * The job types `POST /api/v1/jobs` creates, each with its payload's schema: strict, so an unknown
 * field is refused (422 naming it) rather than stored in the job's row, and each field's type is
 * checked where it enters. Every other registered type (evaluation runs, plugin installs, imports,
 * model installs) is made only by its own route, which checks what it is given; asked for here it
 * is 422 naming `job_type`.
 */
export const CLIENT_JOB_PAYLOADS: JobPayloadSchemas = {
  [DOCUMENT_PROCESS]: z.strictObject({
    // A string here; whether it names one of the caller's documents is admitJob's 404.
    document_id: z.string().min(1).max(200),
  }),
}

/**
 * Job types a test server registers (`jobHandlers`) take any JSON object: their handlers are the
 * tests' own. Never used for a type the server itself registers.
 */
export const ANY_TEST_PAYLOAD: z.ZodType<Record<string, unknown>> = z.record(z.string(), z.unknown())
