import { z } from 'zod'

const timestamp = z.string().meta({ description: 'ISO 8601' })

export const jobSchema = z
  .object({
    id: z.uuid(),
    job_type: z.string().meta({ description: '`document_process` or `evaluation_run`' }),
    status: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']),
    priority: z.int(),
    progress_percent: z.int().min(0).max(100),
    payload: z.record(z.string(), z.unknown()),
    result: z.record(z.string(), z.unknown()).nullable(),
    error: z.string().nullable().meta({ description: 'Why it failed' }),
    idempotency_key: z.string().nullable(),
    scheduled_for: timestamp.nullable(),
    attempts: z
      .int()
      .min(0)
      .meta({ description: 'How many times it was started (a restart or a retry starts it again)' }),
    created_at: timestamp,
    started_at: timestamp.nullable(),
    completed_at: timestamp.nullable(),
    updated_at: timestamp,
  })
  .meta({ id: 'Job' })

export const jobEventSchema = z
  .object({
    id: z.int().min(1).meta({ description: 'Numbered 1, 2, 3... per job; the SSE event id' }),
    job_id: z.uuid(),
    type: z.string().meta({
      description:
        'created, started, progress, log, cancel_requested, retried, requeued, and the terminal completed, failed, cancelled',
    }),
    data: z.record(z.string(), z.unknown()).meta({ description: 'Always has status and progress_percent' }),
    created_at: timestamp,
  })
  .meta({ id: 'JobEvent' })

export const jobLogSchema = z
  .object({
    id: z.int(),
    level: z.enum(['info', 'warn', 'error']),
    message: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'JobLog' })

export const jobCreateBody = z.object({
  job_type: z.string().min(1),
  payload: z.record(z.string(), z.unknown()).optional(),
  priority: z.int().min(-100).max(100).optional().meta({
    description:
      'Among your own pending jobs, higher runs first (default 0; -100..100 as in BrainDrive, else 422). It never puts your jobs before another person’s: between people, the one with the fewest jobs running goes first, then the one waiting longest.',
  }),
  scheduled_for: z.iso.datetime({ offset: true }).optional().meta({ description: 'Not started before then' }),
  idempotency_key: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .meta({ description: 'A key used before returns that job (200) instead of creating another' }),
})
