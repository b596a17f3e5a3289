import { z } from 'zod'
import { ApiError } from '../../kernel/ApiError'
import type { ApiPorts } from '../ApiPorts'
import { errorResponse as error } from '../errorSchema'
import { eventStream } from '../eventStream'
import { generatorFailure } from '../generatorFailure'
import { defineRoute, type Route } from '../Route'
import type { ChatEvent } from '../../chat/ChatEvent'
import { runChatTurn } from '../../chat/runChatTurn'
import type { ChatSession } from '../../store/ChatSession'
import type { Store } from '../../store/Store'
import { findWebSources } from '../../websearch/findWebSources'
import { toTimestamp } from '../../kernel/time/Clock'
import { requireCollection } from '../collections/requireCollection'
import {
  createSessionBody,
  listMessagesQuery,
  messageSchema,
  sendMessageBody,
  sessionIdParams,
  sessionSchema,
  updateSessionBody,
} from './chatSchemas'
import { orNotFound } from '../orNotFound'

const SESSION_NOT_FOUND = 'Chat session not found'
const tags = ['Chat']

/** Sessions and their messages, the collection a session names, the clock and new ids. */
type SessionPorts = Pick<ApiPorts, 'clock' | 'newId'> & { store: Pick<Store, 'chat' | 'collections'> }

/**
 * A question: its session and collection, the generator chosen in settings, the search (documents,
 * chunks, index, query embedders), both messages stored, and the web half (the SearXNG setting, the
 * outbound fetch and the page reader).
 */
type AskPorts = Pick<
  ApiPorts,
  | 'clock'
  | 'newId'
  | 'index'
  | 'queryEmbedders'
  | 'settings'
  | 'generation'
  | 'outboundFetch'
  | 'parseText'
  | 'operatorSearxng'
  | 'logError'
> & { store: Pick<Store, 'collections' | 'documents' | 'chunks' | 'chat' | 'records'> }

async function requireSession(ports: { store: Pick<Store, 'chat'> }, id: string): Promise<ChatSession> {
  return orNotFound(await ports.store.chat.getSession(id), SESSION_NOT_FOUND)
}

/**
 * A send-message body's session and collection checked (unknown ids answer 404 before any answer starts)
 * and the settings read, side by side: in the page each read is a round trip to the browser's storage.
 */
async function prepareTurn(ports: AskPorts, body: z.output<typeof sendMessageBody>) {
  const [session, settings] = await Promise.all([
    requireSession(ports, body.session_id),
    ports.settings.get(),
  ])
  const collectionId = body.collection_id === undefined ? session.collection_id : body.collection_id
  await requireCollection(ports, collectionId)
  return { session, collectionId, settings }
}

/** The turn of a prepared body; shared by the plain and the streaming route. */
function runTurn(
  ports: AskPorts,
  body: z.output<typeof sendMessageBody>,
  { session, collectionId, settings }: Awaited<ReturnType<typeof prepareTurn>>,
  signal?: AbortSignal,
) {
  return runChatTurn(
    ports,
    {
      session,
      message: body.message,
      collectionId,
      topK: body.top_k,
      hybrid: body.use_hybrid_search,
      generator: ports.generation.answerGenerator(settings.generator),
      webSearch: body.web_search
        ? (query, firstNumber, turnSignal) => findWebSources(ports, query, firstNumber, turnSignal)
        : undefined,
    },
    signal,
  )
}

const sendDescription =
  "Retrieves passages for the question (a follow-up is first rewritten with the conversation so far; `metadata.queries_used` shows what was searched), answers with the generator chosen in settings (extractive by default), and stores the question and the answer. `collection_id` overrides the session's collection; with neither, every collection is searched. A generator that cannot be reached answers 502 and nothing is stored; one at an address the server’s outbound policy does not reach (saved before the policy refused it), 400 naming the rule. With `web_search: true` the question (as searched) also goes to the person’s SearXNG instance: its top 3 results are read like `POST /api/v1/websearch/scrape` (their snippets where a page cannot be read) and become sources numbered after the passages (`kind: 'web'`, with `url` and `title`), cited `[n]` like them and stored with the answer; a web search that cannot run never fails the question: `metadata.web_search_note` says why."

export const chatRoutes: Route[] = [
  defineRoute({
    method: 'post',
    path: '/api/chat/sessions',
    operationId: 'createChatSession',
    summary: 'Create a chat session',
    tags,
    body: createSessionBody,
    responses: {
      201: { description: 'The session', schema: sessionSchema },
      400: error('Invalid request data'),
      404: error('Collection not found'),
    },
    async handler({ body }, ports: SessionPorts) {
      await requireCollection(ports, body.collection_id)
      const session = await ports.store.chat.createSession({
        id: ports.newId(),
        name: body.name,
        collection_id: body.collection_id ?? null,
        created_at: toTimestamp(ports.clock.now()),
      })
      return { status: 201, body: session }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/chat/sessions',
    operationId: 'listChatSessions',
    summary: 'List chat sessions, the one with the latest message first',
    tags,
    responses: { 200: { description: 'Sessions', schema: z.array(sessionSchema) } },
    async handler(_input, { store }: SessionPorts) {
      return { status: 200, body: await store.chat.listSessions() }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/chat/sessions/:session_id',
    operationId: 'getChatSession',
    summary: 'Get a chat session',
    tags,
    params: sessionIdParams,
    notFoundDetail: SESSION_NOT_FOUND,
    responses: { 200: { description: 'The session', schema: sessionSchema }, 404: error(SESSION_NOT_FOUND) },
    async handler({ params }, ports: SessionPorts) {
      return { status: 200, body: await requireSession(ports, params.session_id) }
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/chat/sessions/:session_id',
    operationId: 'updateChatSession',
    summary: 'Rename a chat session or change its collection',
    description: 'Not in the spec; added so that sessions can be renamed. Fields left out keep their value.',
    tags,
    params: sessionIdParams,
    notFoundDetail: SESSION_NOT_FOUND,
    body: updateSessionBody,
    responses: {
      200: { description: 'The updated session', schema: sessionSchema },
      400: error('Invalid request data'),
      404: error('Session or collection not found'),
    },
    async handler({ params, body }, ports: SessionPorts) {
      await requireSession(ports, params.session_id)
      await requireCollection(ports, body.collection_id)
      const updated = await ports.store.chat.updateSession(params.session_id, {
        ...body,
        updated_at: toTimestamp(ports.clock.now()),
      })
      return { status: 200, body: orNotFound(updated, SESSION_NOT_FOUND) }
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/chat/sessions/:session_id',
    operationId: 'deleteChatSession',
    summary: 'Delete a chat session and all its messages',
    tags,
    params: sessionIdParams,
    notFoundDetail: SESSION_NOT_FOUND,
    responses: { 204: { description: 'Deleted' }, 404: error(SESSION_NOT_FOUND) },
    async handler({ params }, { store }: SessionPorts) {
      if (!(await store.chat.deleteSession(params.session_id))) throw ApiError.notFound(SESSION_NOT_FOUND)
      return { status: 204 }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/chat/message',
    operationId: 'sendChatMessage',
    summary: 'Ask a question; answers with the assistant message',
    description: sendDescription,
    tags,
    body: sendMessageBody,
    responses: {
      200: { description: 'The assistant message, with its sources', schema: messageSchema },
      400: error('Invalid request data (an empty message, top_k outside 1..50, ...)'),
      404: error('Session or collection not found'),
      502: error('The configured answer generator failed'),
    },
    async handler({ body }, ports: AskPorts) {
      try {
        let done: ChatEvent | undefined
        for await (const event of runTurn(ports, body, await prepareTurn(ports, body)))
          if (event.type === 'done') done = event
        if (done?.type !== 'done') throw new Error('The chat turn ended without an answer')
        return { status: 200, body: done.message }
      } catch (failure) {
        throw generatorFailure(failure)
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/chat/stream',
    operationId: 'streamChatMessage',
    summary: 'Ask a question; the answer streams as server-sent events',
    description: `${sendDescription}\n\nThe same request as \`POST /api/chat/message\`; validation errors and unknown ids are answered before the stream starts, as ordinary JSON errors. Events, each with JSON data: \`sources\` ({sources: SourceDocument[], intent, queries_used, search_method, generator: the answer generator's id, as the stored message's \`metadata.generator\`}) first, then \`token\` ({text}) for each piece of the answer, then \`done\` ({message}: the stored assistant message). A failure mid-answer ends the stream with \`error\` ({detail, status}). Closing the stream stops the answer; what was said so far is stored with \`metadata.stopped: true\`.`,
    tags,
    body: sendMessageBody,
    responses: {
      200: { description: 'text/event-stream of sources, token, done or error events' },
      400: error('Invalid request data'),
      404: error('Session or collection not found'),
    },
    async handler({ body }, ports: AskPorts) {
      // Checks run now, so that a bad request gets a status code rather than an error event.
      const prepared = await prepareTurn(ports, body)
      return eventStream(
        async function* (signal) {
          for await (const event of runTurn(ports, body, prepared, signal)) {
            const { type, ...data } = event
            yield { event: type, data }
          }
        },
        { toApiError: generatorFailure, logError: ports.logError },
      )
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/chat/messages',
    operationId: 'listChatMessages',
    summary: "A session's history, oldest first",
    description: 'The latest `limit` messages (1..500, default 50), oldest first.',
    tags,
    query: listMessagesQuery,
    responses: {
      200: { description: 'Messages', schema: z.array(messageSchema) },
      400: error('Invalid query'),
      404: error(SESSION_NOT_FOUND),
    },
    async handler({ query }, ports: SessionPorts) {
      await requireSession(ports, query.session_id)
      return {
        status: 200,
        body: await ports.store.chat.listMessages(query.session_id, { limit: query.limit }),
      }
    },
  }),
]
