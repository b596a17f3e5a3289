import type { AnswerGenerator } from '../generate/AnswerGenerator'
import type { ChatTurn } from '../generate/ChatModel'
import type { SearchChunksPorts } from '../retrieve/searchChunks'
import type { ChatMessage } from '../store/ChatMessage'
import type { ChatSession } from '../store/ChatSession'
import type { Store } from '../store/Store'
import { toTimestamp, type Clock } from '../kernel/time/Clock'
import type { FoundWebSources } from '../websearch/findWebSources'
import type { ChatEvent } from './ChatEvent'
import { findSources, GREETING } from './findSources'
import { toAnswerSource } from './toAnswerSource'
import { answeredFrom } from './answeredFrom'
import type { CitedSource } from './CitedSource'

export interface ChatTurnPorts extends SearchChunksPorts {
  /** The search's documents and chunks, and the session's messages: its history and this turn's two. */
  store: Pick<Store, 'documents' | 'chunks' | 'chat'>
  clock: Clock
  newId(): string
}

export interface ChatTurnInput {
  session: ChatSession
  message: string
  /** The collection to search; null searches every collection. */
  collectionId: string | null
  topK: number
  hybrid: boolean
  generator: AnswerGenerator
  /**
   * "Search the web": finds web pages for the (rewritten) question, numbered from `firstNumber`, to
   * cite after the document passages (`findWebSources` over the host's ports). Absent: documents only.
   */
  webSearch?: (query: string, firstNumber: number, signal?: AbortSignal) => Promise<FoundWebSources>
}

/** Earlier messages the rewrite and the generator see: enough for a follow-up, bounded for a prompt. */
const HISTORY_MESSAGES = 12

/**
 * One question and its answer: retrieval, generation, and both messages stored together once the
 * answer is complete. A failed generation stores nothing, so the question can simply be asked again.
 * When `signal` aborts mid-answer (the reader pressed stop or went away), the partial answer is kept,
 * marked `stopped`, rather than lost.
 */
export async function* runChatTurn(
  ports: ChatTurnPorts,
  input: ChatTurnInput,
  signal?: AbortSignal,
): AsyncGenerator<ChatEvent> {
  const { store, clock } = ports
  const started = clock.now()
  const messages = await store.chat.listMessages(input.session.id, { limit: HISTORY_MESSAGES })
  const history = messages
    .filter((message) => message.role !== 'system')
    .map((message): ChatTurn => ({ role: message.role, content: message.content }))
  const found = await findSources(ports, {
    question: input.message,
    history,
    answeredFrom: answeredFrom(messages),
    collectionId: input.collectionId,
    topK: input.topK,
    hybrid: input.hybrid,
    generatorId: input.generator.id,
    signal,
  })
  const { intent } = found
  // Small talk answered with a greeting needs no web pages either.
  const web =
    input.webSearch && !found.greeting
      ? await input.webSearch(found.queries_used[0] ?? input.message, found.sources.length + 1, signal)
      : undefined
  const sources: CitedSource[] = [...found.sources, ...(web?.sources ?? [])]
  const webNote = web?.note ? { web_search_note: web.note } : {}
  yield {
    type: 'sources',
    sources,
    intent,
    queries_used: found.queries_used,
    search_method: found.search_method,
    generator: input.generator.id,
    ...webNote,
  }

  let answer = ''
  let stopped = false
  try {
    const pieces = found.greeting
      ? [GREETING]
      : input.generator.answer({
          question: found.question,
          history,
          sources: sources.map((source) => toAnswerSource(source, found.pageTexts, found.documentWords)),
          understanding: found.understanding,
          signal,
        })
    for await (const piece of pieces) {
      answer += piece
      yield { type: 'token', text: piece }
    }
  } catch (error) {
    if (!signal?.aborted) throw error
    stopped = true
  }
  if (stopped && answer === '') return

  const finished = clock.now()
  const message = (role: 'user' | 'assistant', content: string, at: number, metadata = {}): ChatMessage => ({
    id: ports.newId(),
    session_id: input.session.id,
    role,
    content,
    metadata,
    created_at: toTimestamp(at),
    collection_id: input.collectionId,
  })
  const assistant = message('assistant', answer, finished, {
    intent: intent.kind,
    intent_confidence: intent.confidence,
    chunks_retrieved: found.sources.length,
    source_documents: sources,
    response_time_ms: Math.max(0, Math.round(finished - started)),
    queries_used: found.queries_used,
    search_method: found.search_method,
    generator: input.generator.id,
    ...(found.search_note ? { search_note: found.search_note } : {}),
    ...(web ? { web_search: true, ...webNote } : {}),
    ...(stopped ? { stopped: true } : {}),
  })
  await store.chat.addMessages([message('user', input.message, started), assistant])
  yield { type: 'done', message: assistant }
}
