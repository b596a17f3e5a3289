import type { SourceDocument } from '../../core/chat/SourceDocument'
import type { CitedSource } from '../../core/chat/CitedSource'
import type { WebSource } from '../../core/websearch/WebSource'
import type { ChatMessage as StoredChatMessage } from '../../core/store/ChatMessage'
import type { ChatSession } from '../../core/store/ChatSession'
import { postStreamedMessage } from './postStreamedMessage'
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
  /**
   * The passages, first, with what writes the answer: the event's `generator` and `search_method`, the
   * fields the stored message's metadata will hold, so the streaming answer can say what the stored one says.
   */
  onSources?: (sources: CitedSource[], about: { generator: unknown; search_method: unknown }) => void
  onToken: (text: string) => void
}

/**
 * Asks a question over `POST /api/chat/stream` and resolves with the stored assistant message. Validation
 * errors arrive as ordinary JSON errors before the stream starts, a failure mid-answer as an `error` event;
 * both reject with ApiRequestError. Aborting `signal` is how "stop" works: the API keeps what was said so
 * far (marked `metadata.stopped`), and this rejects with the AbortError.
 */
export function streamAnswer(
  sessionId: string,
  message: string,
  handlers: StreamHandlers,
  signal: AbortSignal,
  options: { webSearch?: boolean } = {},
): Promise<ChatMessage> {
  return postStreamedMessage<ChatMessage>({
    path: '/api/chat/stream',
    body: { session_id: sessionId, message, ...(options.webSearch ? { web_search: true } : {}) },
    signal,
    noun: 'answer',
    onEvent: (event, data) => {
      if (event === 'sources') {
        handlers.onSources?.((data.sources as CitedSource[] | undefined) ?? [], {
          generator: data.generator,
          search_method: data.search_method,
        })
      } else if (event === 'token') handlers.onToken(String(data.text ?? ''))
    },
  })
}
