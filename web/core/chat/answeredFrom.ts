import type { ChatMessage } from '../store/ChatMessage'
import { isWebSource, type CitedSource } from './CitedSource'

/** "… net sales [2]." — a citation the reply makes, in the form every answerer writes it. */
const CITATION = /\[(\d+)\]/u

/**
 * The document a reply in the conversation answered from: the document of the first passage it
 * cites, else of its first passage; null where it cites none (a greeting, a web page, a reply stored
 * before sources were kept). What "and the year before?" asks of again.
 */
export function answeredFrom(messages: readonly ChatMessage[]): string | null {
  const reply = messages.findLast((message) => message.role === 'assistant')
  if (!reply) return null
  const stored = reply.metadata['source_documents']
  if (!Array.isArray(stored)) return null
  const sources = stored as CitedSource[]
  const cited = CITATION.exec(reply.content)
  const source = (cited && sources.find((one) => one.number === Number(cited[1]))) ?? sources[0]
  return source && !isWebSource(source) && typeof source.document_id === 'string' ? source.document_id : null
}
