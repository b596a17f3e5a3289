import type { z } from 'zod'
import type { installAnswerSchema } from '../../core/api/platform/modelhost/modelHostSchemas'
import type { InstallTask } from '../../core/modelhost/InstallTask'
import type { OllamaModel } from '../../core/modelhost/ollamaHost'
import { readSse } from '../../core/http/readSse'
import { ApiRequestError } from './ApiRequestError'
import { requestJson } from './requestJson'

export type { InstallTask, OllamaModel }
export type InstallAnswer = z.output<typeof installAnswerSchema>

const M = '/api/v1/modelhost'
/**
 * `POST /api/v1/modelhost/test`: Ollama's version, or an ApiRequestError saying why it is unreachable.
 * POST, not the GET BrainDrive calls: a route that reaches another server is never a GET any page can send.
 */
export async function testModelHost(serverUrl: string): Promise<string> {
  const answer = await requestJson<{ version: string }>(`${M}/test`, {
    method: 'POST',
    body: { server_url: serverUrl },
  })
  return answer.version
}

export function listModelHostModels(serverUrl: string, signal?: AbortSignal): Promise<OllamaModel[]> {
  return requestJson<OllamaModel[]>(`${M}/models`, {
    method: 'POST',
    body: { server_url: serverUrl },
    signal,
  })
}

export function installModel(serverUrl: string, name: string): Promise<InstallAnswer> {
  return requestJson<InstallAnswer>(`${M}/install`, {
    method: 'POST',
    body: { name, server_url: serverUrl, stream: true, force_reinstall: false },
  })
}

export function cancelModelInstall(taskId: string): Promise<unknown> {
  return requestJson(`${M}/install/${encodeURIComponent(taskId)}`, { method: 'DELETE' })
}

export function deleteModel(serverUrl: string, name: string): Promise<unknown> {
  return requestJson(`${M}/delete`, { method: 'DELETE', body: { name, server_url: serverUrl } })
}

/**
 * Follows an install's event stream, calling `onTask` with each view (the current one first), and
 * resolves with the last: completed, failed or cancelled. Leaving (`signal`) does not stop the install.
 */
export async function followModelInstall(
  taskId: string,
  onTask: (task: InstallTask) => void,
  signal?: AbortSignal,
): Promise<InstallTask> {
  let response: Response
  try {
    response = await fetch(`${M}/install/${encodeURIComponent(taskId)}/events`, {
      headers: { accept: 'text/event-stream' },
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiRequestError(0, 'The Quire API could not be reached. Reload the page to restart it.')
  }
  if (!response.ok || !response.body) {
    throw new ApiRequestError(
      response.status,
      `The install’s progress could not be read (${response.status}).`,
    )
  }
  let last: InstallTask | undefined
  for await (const event of readSse(response.body, signal)) {
    last = JSON.parse(event.data) as InstallTask
    onTask(last)
  }
  if (!last || last.status === 'pending' || last.status === 'running') {
    throw new ApiRequestError(0, 'The install’s progress stopped before it ended. Reload to see where it is.')
  }
  return last
}
