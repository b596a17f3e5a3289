import { z } from 'zod'
import { modelHostBase } from '../../../modelhost/modelHostBase'

/** An Ollama server's URL, read into its base (`modelHostBase`): http(s) only, no credentials in it. */
export const serverUrl = z
  .string()
  .trim()
  .min(1, 'must name the Ollama server (http://localhost:11434)')
  .transform((value, context) => {
    const base = modelHostBase(onceEncodedUrl(value))
    if (base === undefined) {
      context.addIssue({
        code: 'custom',
        message: 'must be an http:// or https:// URL of an Ollama server, without a user name or password',
      })
      return z.NEVER
    }
    return base
  })

/**
 * BrainDrive's Ollama plugin sends `server_url: encodeURIComponent(address)` as a query parameter,
 * which its HTTP client encodes again, so the server receives `http%3A%2F%2F...`; BrainDrive's router
 * unquotes it. A value that is a percent-encoded http(s) URL is decoded once here the same way (a
 * real URL never starts with `http%3A`).
 */
function onceEncodedUrl(value: string): string {
  if (!/^https?%3A/i.test(value)) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

const apiKey = z
  .string()
  .optional()
  .meta({ description: 'Sent as a Bearer token (a proxy in front of Ollama); never stored' })

export const serverQuery = z.object({ server_url: serverUrl, api_key: apiKey })

const modelName = z
  .string()
  .trim()
  .min(1, 'must name a model (llama3.2:1b)')
  .max(200, 'is longer than a model name')
  .regex(/^[\w.\-/:]+$/, 'may hold only letters, digits and . - _ / :')

export const installBody = z.object({
  name: modelName,
  server_url: serverUrl,
  api_key: apiKey,
  stream: z
    .boolean()
    .optional()
    .meta({ description: 'Accepted as BrainDrive sends it; progress always streams' }),
  force_reinstall: z
    .boolean()
    .optional()
    .meta({ description: 'Pull even when the model is installed already (default false)' }),
})

export const deleteBody = z.object({ name: modelName, server_url: serverUrl, api_key: apiKey })

export const taskParams = z.object({ task_id: z.string().min(1).max(100) })

export const installTaskSchema = z
  .object({
    task_id: z.string(),
    name: z.string(),
    server_base: z.string(),
    status: z.enum(['pending', 'running', 'completed', 'failed', 'cancelled']),
    stage: z.enum([
      'queued',
      'pulling manifest',
      'downloading',
      'verifying sha256 digest',
      'writing manifest',
      'success',
      'failed',
      'cancelled',
    ]),
    percent: z.number().meta({ description: '0-100, bytes summed over the model’s layers; never goes back' }),
    progress: z.number().meta({ description: 'BrainDrive’s name for `percent`' }),
    state: z
      .enum(['queued', 'running', 'downloading', 'verifying', 'finalizing', 'completed', 'error', 'canceled'])
      .meta({ description: 'BrainDrive’s state, which its Ollama plugin reads' }),
    completed_bytes: z.number(),
    total_bytes: z.number(),
    message: z.string(),
    error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ModelInstallTask' })

export const ollamaModelSchema = z
  .object({
    name: z.string(),
    model: z.string(),
    size: z.number().nullable(),
    digest: z.string().nullable(),
    modified_at: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'OllamaModel' })

export const installAnswerSchema = z.object({
  task_id: z.string().nullable().meta({ description: 'null when the model was installed already' }),
  deduped: z.boolean().meta({ description: 'Joined an install of the same model on the same server' }),
  already_installed: z.boolean(),
  already_exists: z.boolean().meta({ description: 'BrainDrive’s name for `already_installed`' }),
  task: installTaskSchema.nullable(),
  state: z.string(),
  message: z.string(),
})
