import type { ChatMessage } from '../api/chatApi'
import { answerMaker } from './answerMaker'
import type { ThreadMessage } from './MessageThread'

/**
 * A document chat's stored message as the thread shows it: an answer with the passages it cites, and a
 * note of what its search left out (keyword search standing in for vectors, a web search that could not run),
 * and what wrote it (quotes from the documents, or a model by name).
 */
export function showSessionMessage(message: ChatMessage): ThreadMessage {
  const notes = [message.metadata.search_note, message.metadata.web_search_note].filter(
    (note): note is string => typeof note === 'string' && note !== '',
  )
  return {
    role: message.role,
    content: message.content,
    sources: message.metadata.source_documents ?? [],
    stopped: message.metadata.stopped === true,
    note: notes.length > 0 ? notes.join(' ') : undefined,
    maker: message.role === 'assistant' ? answerMaker(message.metadata) : undefined,
  }
}

/** The question an assistant message answered, to ask it again: the nearest user message before it. */
export function questionBefore(messages: readonly ChatMessage[], index: number): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i]
    if (message?.role === 'user') return message.content
  }
  return undefined
}
