import type { SearchIntent } from '../retrieve/classifyIntent'
import type { ChatMessage } from '../store/ChatMessage'
import type { CitedSource } from './CitedSource'

/**
 * What one chat turn produces, in order: the sources (before any text, so a client can show them
 * while the answer streams), the answer's text in pieces, and finally the stored assistant message.
 * `POST /api/chat/stream` sends these as server-sent events of the same names.
 */
export type ChatEvent =
  | {
      type: 'sources'
      /** The document passages, then (with "search the web") the web pages, numbered in that order. */
      sources: CitedSource[]
      intent: SearchIntent
      queries_used: string[]
      search_method: string
      /**
       * The answer generator's id, as the stored message's `metadata.generator` will hold it, so a
       * client says what writes the answer while it streams.
       */
      generator: string
      /** Why the web added fewer sources than asked for, when the question searched the web. */
      web_search_note?: string
    }
  | { type: 'token'; text: string }
  | { type: 'done'; message: ChatMessage }
