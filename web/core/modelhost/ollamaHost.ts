import { readNdjson } from '../http/readNdjson'
import { GeneratorError } from '../generate/GeneratorError'
import { ollamaRoot } from '../generate/ollamaChatModel'
import {
  describeFailure,
  endedEarly,
  errorMessageOf,
  midAnswerFailure,
  providerFetch,
  reportedError,
  unexpectedAnswer,
  type ProviderTarget,
} from '../generate/providerFetch'
import { canonicalModel } from './modelHostBase'
import { PullProgress, type PullSnapshot } from './pullProgress'

/** An Ollama server as a person gave it: its base URL and an optional API key (a proxy in front of it). */
export interface OllamaServer {
  baseUrl: string
  apiKey?: string
  fetch: typeof fetch
}

/** A model as Ollama's `GET /api/tags` lists it (only these fields are passed on). */
export interface OllamaModel {
  name: string
  model: string
  size: number | null
  digest: string | null
  modified_at: string | null
  details: Record<string, unknown>
}

function target(server: OllamaServer): ProviderTarget {
  return { name: 'Ollama', baseUrl: server.baseUrl, fetch: server.fetch }
}

function headers(server: OllamaServer, json: boolean): Record<string, string> {
  return {
    accept: 'application/json',
    ...(json ? { 'content-type': 'application/json' } : {}),
    ...(server.apiKey ? { authorization: `Bearer ${server.apiKey}` } : {}),
  }
}

async function readJson(server: OllamaServer, response: Response, signal?: AbortSignal): Promise<unknown> {
  try {
    return JSON.parse(await response.text())
  } catch (error) {
    if (error instanceof SyntaxError) throw unexpectedAnswer(target(server), 'not JSON')
    throw midAnswerFailure(target(server), error, signal)
  }
}

/** `GET /api/version`: the connection test. Resolves with Ollama's version, else throws a GeneratorError. */
export async function ollamaVersion(server: OllamaServer, signal?: AbortSignal): Promise<string> {
  const response = await providerFetch(target(server), `${ollamaRoot(server.baseUrl)}/api/version`, {
    headers: headers(server, false),
    signal,
  })
  const body = (await readJson(server, response, signal)) as { version?: unknown } | null
  if (typeof body?.version !== 'string') throw unexpectedAnswer(target(server), 'no `version`')
  return body.version
}

/** `GET /api/tags`: the installed models, with their size, digest, date and details. */
export async function ollamaModels(server: OllamaServer, signal?: AbortSignal): Promise<OllamaModel[]> {
  const response = await providerFetch(target(server), `${ollamaRoot(server.baseUrl)}/api/tags`, {
    headers: headers(server, false),
    signal,
  })
  const body = (await readJson(server, response, signal)) as { models?: unknown } | null
  if (!Array.isArray(body?.models)) throw unexpectedAnswer(target(server), 'a model list without `models`')
  return body.models.flatMap((entry: unknown) => {
    const model = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>
    const name = typeof model.name === 'string' ? model.name : model.model
    if (typeof name !== 'string' || name === '') return []
    return [
      {
        name,
        model: typeof model.model === 'string' ? model.model : name,
        size: typeof model.size === 'number' ? model.size : null,
        digest: typeof model.digest === 'string' ? model.digest : null,
        modified_at: typeof model.modified_at === 'string' ? model.modified_at : null,
        details:
          typeof model.details === 'object' && model.details !== null && !Array.isArray(model.details)
            ? (model.details as Record<string, unknown>)
            : {},
      },
    ]
  })
}

/** `llama3` and `llama3:latest` are one model to Ollama; other tags are not. */
export function sameModel(a: string, b: string): boolean {
  return canonicalModel(a) === canonicalModel(b)
}

/** `DELETE /api/delete {name}`; Ollama answers 404 for a model it does not have. */
export async function ollamaDelete(server: OllamaServer, name: string, signal?: AbortSignal): Promise<void> {
  const response = await providerFetch(target(server), `${ollamaRoot(server.baseUrl)}/api/delete`, {
    method: 'DELETE',
    headers: headers(server, true),
    body: JSON.stringify({ name, model: name }),
    signal,
  })
  await response.body?.cancel().catch(() => {})
}

/**
 * `POST /api/pull {name, stream: true}`, read to its end: each line goes through `PullProgress` and
 * `onProgress`. Resolves with the last snapshot once Ollama says `success`. Throws GeneratorErrors
 * worded for people: Ollama's own `{error}` line ("Ollama at URL reported an error: pull model
 * manifest: file does not exist"), a stream that breaks or ends before `success`, a line that is not
 * JSON. Aborting `signal` closes the request (Ollama stops the download) and throws its reason.
 */
export async function ollamaPull(
  server: OllamaServer,
  name: string,
  onProgress: (snapshot: PullSnapshot) => void,
  signal?: AbortSignal,
): Promise<PullSnapshot> {
  const to = target(server)
  const response = await providerFetch(to, `${ollamaRoot(server.baseUrl)}/api/pull`, {
    method: 'POST',
    headers: { ...headers(server, true), accept: 'application/x-ndjson' },
    body: JSON.stringify({ name, model: name, stream: true }),
    signal,
  })
  if (!response.body) throw endedEarly(to)
  const progress = new PullProgress()
  try {
    for await (const line of readNdjson(response.body, signal)) {
      const error = errorMessageOf((line as { error?: unknown } | null)?.error ?? null)
      if (error !== '') throw reportedError(to, error)
      const snapshot = progress.read(line)
      onProgress(snapshot)
      if (snapshot.stage === 'success') return snapshot
    }
  } catch (error) {
    if (error instanceof SyntaxError) throw unexpectedAnswer(to, 'a line that is not JSON')
    if (error instanceof GeneratorError) throw error
    if (signal?.aborted) throw signal.reason
    throw new GeneratorError(
      `Ollama at ${server.baseUrl} stopped in the middle of the download (${describeFailure(error)}).`,
      undefined,
      { cause: error },
    )
  }
  throw new GeneratorError(
    `Ollama at ${server.baseUrl} stopped before the model was installed (the pull ended without "success").`,
  )
}
