import type { SourceDocument } from '../../core/chat/SourceDocument'
import type { CitedSource, WebSource } from '../../core/chat/WebSource'
import { readSse } from '../../core/http/readSse'
import type { ChatMessage as StoredChatMessage } from '../../core/store/ChatMessage'
import type { ChatSession } from '../../core/store/ChatSession'
import { ApiRequestError } from './ApiRequestError'
import { requestJson } from './requestJson'

export type { ChatSession, CitedSource, SourceDocument, WebSource }

export interface ChatMessageMetadata {
  /** Document passages, then web pages (`kind: 'web'`) when the question searched the web. */
  source_documents?: CitedSource[]
  stopped?: boolean
  search_note?: string
  /** Why searching the web added fewer sources than asked for. */
  web_search_note?: string
  [key: string]: unknown
}

/** A stored message, with the metadata fields the UI reads named (the store keeps it as plain JSON). */
export interface ChatMessage extends Omit<StoredChatMessage, 'metadata'> {
  metadata: ChatMessageMetadata
}

const SESSIONS = '/api/chat/sessions'
const sessionPath = (id: string) => `${SESSIONS}/${encodeURIComponent(id)}`

/** The one with the latest message first. */
export function listSessions(signal?: AbortSignal): Promise<ChatSession[]> {
  return requestJson<ChatSession[]>(SESSIONS, { signal })
}

export function createSession(name: string, collectionId: string | null): Promise<ChatSession> {
  return requestJson<ChatSession>(SESSIONS, { method: 'POST', body: { name, collection_id: collectionId } })
}

export function renameSession(id: string, name: string): Promise<ChatSession> {
  return requestJson<ChatSession>(sessionPath(id), { method: 'PUT', body: { name } })
}

export function deleteSession(id: string): Promise<void> {
  return requestJson<void>(sessionPath(id), { method: 'DELETE' })
}

/** Oldest first; the API caps `limit` at 500. */
export function listMessages(sessionId: string, signal?: AbortSignal, limit = 500): Promise<ChatMessage[]> {
  const query = `session_id=${encodeURIComponent(sessionId)}&limit=${limit}`
  return requestJson<ChatMessage[]>(`/api/chat/messages?${query}`, { signal })
}

export interface StreamHandlers {
  onSources?: (sources: CitedSource[]) => void
  onToken: (text: string) => void
}

/**
 * Asks a question over `POST /api/chat/stream` and resolves with the stored assistant message. Validation
 * errors arrive as ordinary JSON errors before the stream starts, a failure mid-answer as an `error` event;
 * both reject with ApiRequestError. Aborting `signal` is how "stop" works: the API keeps what was said so
 * far (marked `metadata.stopped`), and this rejects with the AbortError.
 */
export async function streamAnswer(
  sessionId: string,
  message: string,
  handlers: StreamHandlers,
  signal: AbortSignal,
  options: { webSearch?: boolean } = {},
): Promise<ChatMessage> {
  let response: Response
  try {
    response = await fetch('/api/chat/stream', {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({
        session_id: sessionId,
        message,
        ...(options.webSearch ? { web_search: true } : {}),
      }),
      signal,
    })
  } catch (error) {
    if (signal.aborted) throw error
    throw new ApiRequestError(0, 'The Quire API could not be reached. Reload the page to restart it.')
  }
  if (!response.ok || !response.body) {
    throw new ApiRequestError(response.status, await errorText(response))
  }
  for await (const event of readSse(response.body, signal)) {
    const data = JSON.parse(event.data) as Record<string, unknown>
    if (event.event === 'sources') handlers.onSources?.((data.sources as CitedSource[] | undefined) ?? [])
    else if (event.event === 'token') handlers.onToken(String(data.text ?? ''))
    else if (event.event === 'done') return data.message as ChatMessage
    else if (event.event === 'error') {
      throw new ApiRequestError(Number(data.status ?? 500), String(data.detail ?? 'The answer failed.'))
    }
  }
  throw new ApiRequestError(0, 'The answer ended before it was complete. Try again.')
}

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { detail?: unknown }
    if (typeof body.detail === 'string' && body.detail) return body.detail
  } catch {
    // Not JSON: fall through to the status line.
  }
  return `The request failed (${response.status}).`
}
