import { form } from '../contract/contractFixtures'
import type { ContractClient } from '../contract/ContractClient'
import { unique } from '../contract/recordContractFixtures'
import type { ReplayCase } from './ReplayCase'
import {
  createCollection,
  type DocsCollection,
  type DocsDocument,
  NOTE,
  uploadAndPoll,
} from './chatWithDocsCalls'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

// BrainDrive's Chat-With-Docs plugin against the document-chat API. The plugin is configured with the
// service's base URL (`config.apiBaseUrl`, PluginService.ts): its `/collections/`, `/documents/`,
// `/chat/...` and `/search/` calls are relative to it, which for Quire is `<origin>/api` (the spec puts
// every path under /api; the reference served those at its root). Its evaluation calls already say
// `/api/evaluation/...` and its health check `/health`, relative to the origin.
const PLUGIN = 'BrainDriveAI/BrainDrive-Chat-With-Docs-Plugin'
const FORK = 'bekmuradov/BrainDrive-Chat-With-Docs-Plugin'
const COLLECTIONS = `${PLUGIN} src/infrastructure/repositories/CollectionRepository.ts`
const DOCUMENTS = `${PLUGIN} src/infrastructure/repositories/DocumentRepository.ts`
const SESSIONS = `${PLUGIN} src/infrastructure/repositories/ChatSessionRepository.ts`
const STATE = `${PLUGIN} src/evaluation-view/evaluationStateApiService.ts`

/** The fields the plugin's `Collection` type reads (pluginTypes.ts). */
const COLLECTION_FIELDS = {
  id: 'string',
  name: 'string',
  description: 'string',
  color: 'string|null',
  created_at: 'string',
  updated_at: 'string',
  document_count: 'number',
} as const

/** The fields the plugin's `Document` type and its document list read. */
const DOCUMENT_FIELDS = {
  id: 'string',
  original_filename: 'string',
  file_size: 'number',
  document_type: 'string',
  collection_id: 'string',
  status: 'string',
  created_at: 'string',
  processed_at: 'string|null',
  metadata: 'object',
  chunk_count: 'number',
} as const

const SESSION_FIELDS = {
  id: 'string',
  collection_id: 'string|null',
  name: 'string',
  created_at: 'string',
  updated_at: 'string',
  message_count: 'number',
} as const

/** The collection form's create, with the plugin's default colour. */
const newCollection = (client: ContractClient, label: string) =>
  createCollection(client, '/api', label, {
    description: 'Made by the Chat-With-Docs replay',
    color: '#3B82F6',
  })

const uploadNote = (client: ContractClient, collectionId: string) =>
  uploadAndPoll(client, '/api', collectionId, {
    uploaded: DOCUMENT_FIELDS,
    polled: { status: 'string', original_filename: 'string' },
  })

export const chatWithDocsReplay: ReplayCase[] = [
  {
    name: 'Chat-With-Docs: checks the service is up with GET /health (response.ok)',
    sources: [`${FORK} src/braindrive-plugin/HealthCheckService.ts:17`],
    async run(client) {
      await replay(client, { method: 'GET', path: '/health' }, 200)
    },
  },
  {
    name: 'Chat-With-Docs: creates a collection with its colour and lists collections as a bare array',
    sources: [
      `${FORK} src/collection-view/CollectionService.ts:81`,
      `${COLLECTIONS}:22`,
      `${COLLECTIONS}:14`,
    ],
    async run(client) {
      const created = await newCollection(client, 'Docs replay')
      expectFields(created, COLLECTION_FIELDS, 'created collection')
      const { body } = await replay(client, { method: 'GET', path: '/api/collections/' }, 200)
      const listed = expectArray<DocsCollection>(body, 'collections').find((c) => c.id === created.id)
      check(listed, 'the new collection is listed')
      expectFields(listed, COLLECTION_FIELDS, 'listed collection')
    },
  },
  {
    name: 'Chat-With-Docs: reads, updates (sending the whole collection back) and deletes a collection',
    sources: [`${COLLECTIONS}:18`, `${COLLECTIONS}:26`, `${COLLECTIONS}:30`],
    async run(client) {
      const created = await newCollection(client, 'Docs edit')
      const { body: read } = await replay<DocsCollection>(
        client,
        { method: 'GET', path: `/api/collections/${created.id}` },
        200,
      )
      expectFields(read, COLLECTION_FIELDS, 'collection')
      // update(id, Partial<Collection>): the edited object, its id, counts and timestamps included.
      const renamed = unique('Docs renamed')
      const { body: updated } = await replay<DocsCollection>(
        client,
        { method: 'PUT', path: `/api/collections/${created.id}`, json: { ...read, name: renamed } },
        200,
      )
      expectFields(updated, COLLECTION_FIELDS, 'updated collection')
      checkEqual(updated.name, renamed, 'the new name')
      await replay(client, { method: 'DELETE', path: `/api/collections/${created.id}` }, [200, 204])
    },
  },
  {
    name: 'Chat-With-Docs: uploads a document, polls it until processed, lists the collection’s documents',
    sources: [
      `${PLUGIN} src/document-view/DocumentService.ts:89`,
      `${FORK} src/services/documentPolling.ts:38`,
      `${DOCUMENTS}:14`,
      `${DOCUMENTS}:18`,
    ],
    async run(client) {
      const collection = await newCollection(client, 'Docs upload')
      const settled = await uploadNote(client, collection.id)
      checkEqual(settled.status, 'completed', 'the processed document’s status')
      const { body } = await replay(
        client,
        { method: 'GET', path: `/api/documents/?collection_id=${collection.id}` },
        200,
      )
      const documents = expectArray<DocsDocument>(body, 'documents')
      checkEqual(
        documents.map((d) => d.id),
        [settled.id],
        'the collection’s documents',
      )
      expectFields(documents[0], DOCUMENT_FIELDS, 'listed document')
      const { body: again } = await replay(
        client,
        { method: 'GET', path: `/api/documents/${settled.id}` },
        200,
      )
      expectFields(again, DOCUMENT_FIELDS, 'document')
    },
  },
  {
    name: 'Chat-With-Docs: deletes a document (any 2xx)',
    sources: [`${PLUGIN} src/document-view/DocumentService.ts:148`, `${DOCUMENTS}:30`],
    async run(client) {
      const collection = await newCollection(client, 'Docs delete')
      const uploaded = await replay<DocsDocument>(
        client,
        {
          method: 'POST',
          path: '/api/documents/',
          multipart: form(collection.id, 'gone.md', NOTE, 'text/markdown'),
        },
        [200, 201],
      )
      await replay(client, { method: 'DELETE', path: `/api/documents/${uploaded.body.id}` }, [200, 204])
      await replay(client, { method: 'GET', path: `/api/documents/${uploaded.body.id}` }, 404)
    },
  },
  {
    name: 'Chat-With-Docs: creates a chat session, lists sessions (filtered by collection), reads and deletes it',
    sources: [`${SESSIONS}:26`, `${SESSIONS}:14`, `${SESSIONS}:18`, `${SESSIONS}:22`, `${SESSIONS}:34`],
    async run(client) {
      const collection = await newCollection(client, 'Docs chat')
      // createSession(Partial<ChatSession>): the plugin's ChatSession has description and status too.
      const { body: session } = await replay<{ id: string }>(
        client,
        {
          method: 'POST',
          path: '/api/chat/sessions',
          json: {
            name: unique('Session'),
            collection_id: collection.id,
            description: 'Replay',
            status: 'active',
          },
        },
        [200, 201],
      )
      expectFields(session, SESSION_FIELDS, 'created session')
      const { body: list } = await replay(client, { method: 'GET', path: '/api/chat/sessions' }, 200)
      // PluginService.loadChatSessions keeps the sessions whose collection_id is the selected one.
      const mine = expectArray<{ id: string; collection_id: string }>(list, 'sessions').filter(
        (s) => s.collection_id === collection.id,
      )
      checkEqual(
        mine.map((s) => s.id),
        [session.id],
        'the collection’s sessions',
      )
      expectFields(mine[0], SESSION_FIELDS, 'listed session')
      const { body: one } = await replay(
        client,
        { method: 'GET', path: `/api/chat/sessions/${session.id}` },
        200,
      )
      expectFields(one, SESSION_FIELDS, 'session')
      const { body: messages } = await replay(
        client,
        { method: 'GET', path: `/api/chat/messages?session_id=${session.id}` },
        200,
      )
      checkEqual(expectArray(messages, 'messages'), [], 'a new session’s messages')
      await replay(client, { method: 'DELETE', path: `/api/chat/sessions/${session.id}` }, [200, 204])
    },
  },
  {
    name: 'Chat-With-Docs: searches a collection with query_text, chat_history and config (POST /search/)',
    sources: [
      `${PLUGIN} src/infrastructure/repositories/RAGRepository.ts:43`,
      `${PLUGIN} src/braindrive-plugin/DataRepository.ts:71-91`,
    ],
    async run(client) {
      const collection = await newCollection(client, 'Docs search')
      await uploadNote(client, collection.id)
      const { body } = await replay<Record<string, unknown>>(
        client,
        {
          method: 'POST',
          path: '/api/search/',
          json: {
            query_text: 'How often do keepers log it?',
            collection_id: collection.id,
            chat_history: [
              { role: 'user', content: 'What is the fog signal?' },
              { role: 'assistant', content: 'The fog signal warns ships near the lighthouse.' },
            ],
            config: {
              use_chat_history: true,
              max_history_turns: 3,
              top_k: 7,
              use_hybrid: true,
              alpha: 0.5,
              use_intent_classification: true,
              query_transformation: { enabled: true, methods: [] },
              filters: { min_similarity: 0.8 },
            },
          },
        },
        200,
      )
      // ContextRetrievalResult: chunks, intent, requires_generation, generation_type, metadata.
      expectFields(
        body,
        {
          chunks: 'array',
          intent: 'object',
          requires_generation: 'boolean',
          generation_type: 'any',
          metadata: 'object',
        },
        'search result',
      )
      const chunks = body.chunks as unknown[]
      check(chunks.length > 0, 'the note is found (by keywords, whatever the vector threshold)')
      expectFields(
        chunks[0],
        {
          id: 'string',
          document_id: 'string',
          collection_id: 'string',
          content: 'string',
          chunk_index: 'number',
          metadata: 'object',
        },
        'chunk',
      )
      expectFields(
        body.intent,
        {
          type: 'string',
          requires_retrieval: 'boolean',
          requires_collection_scan: 'boolean',
          confidence: 'number',
          reasoning: 'string',
        },
        'intent',
      )
    },
  },
  {
    name: 'Chat-With-Docs: saves its evaluation progress in its own form and loads it back',
    sources: [`${STATE}:120`, `${STATE}:152`],
    async run(client) {
      const collection = await newCollection(client, 'Docs evaluation')
      // Setup, not the plugin's call: a client-driven run (the plugin starts its runs with
      // /plugin/start-with-questions, which Quire does not have).
      const { body: run } = await replay<{ evaluation_run_id: string }>(
        client,
        {
          method: 'POST',
          path: '/api/evaluation/plugin/start',
          json: { collection_id: collection.id, total_questions: 1, user_id: 'current' },
        },
        200,
      )
      const runId = run.evaluation_run_id
      const state = {
        user_id: 'replay-user',
        model: { id: 'server-1', provider: 'ollama', name: 'qwen3:8b' },
        llm_model: 'qwen3:8b',
        persona: null,
        collection_id: collection.id,
        test_cases: [
          { test_case_id: 'q1', question: 'When is the lamp trimmed?', retrieved_context: 'At dusk.' },
        ],
        processed_question_ids: ['q1'],
        current_batch: [],
        last_updated: new Date().toISOString(),
      }
      await replay(client, { method: 'POST', path: `/api/evaluation/state/${runId}`, json: state }, 200)
      const { body } = await replay<{ state: Record<string, unknown>; metadata?: { is_expired?: boolean } }>(
        client,
        { method: 'GET', path: `/api/evaluation/state/${runId}?user_id=${state.user_id}` },
        200,
      )
      check(body.metadata?.is_expired !== true, 'the state is not expired')
      expectFields(
        body.state,
        {
          model: 'object',
          llm_model: 'string',
          collection_id: 'string',
          test_cases: 'array',
          processed_question_ids: 'array',
          current_batch: 'array',
          last_updated: 'string',
        },
        'loaded state',
      )
      checkEqual(body.state.processed_question_ids, ['q1'], 'processed_question_ids')
    },
  },
]
