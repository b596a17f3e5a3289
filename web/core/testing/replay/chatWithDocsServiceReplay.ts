import { testManifest, testPluginFiles, zipOf } from '../../api/platform/plugins/installTestPackages'
import { toBase64 } from '../contract/toBase64'
import type { ContractClient } from '../contract/ContractClient'
import { unique } from '../contract/recordContractFixtures'
import type { ReplayCase } from './ReplayCase'
import { createCollection, type DocsCollection, type DocsDocument, uploadAndPoll } from './chatWithDocsCalls'
import { check, checkEqual, expectArray, expectFields, replay } from './replayCall'

// BrainDrive's Chat-With-Docs plugin as it is built: its document-chat calls go to the service's base
// URL with no `/api` prefix (`config.apiBaseUrl`, default http://127.0.0.1:8000, through its HttpClient
// or `fetch`), which for Quire is its origin; its evaluation calls add `/api/evaluation` to the same
// base. BrainDrive's Chat plugin calls its RAG service (`braindrive_rag_service_settings`) at the same
// paths. Quire answers them from the spec's routes (`web/core/api/serviceAliases.ts`). Cited at the
// plugins' commits 154e12f (Chat-With-Docs) as fetched for issue 42.
const PLUGIN = 'BrainDriveAI/BrainDrive-Chat-With-Docs-Plugin'
const CHAT = 'BrainDriveAI/BrainDrive-Chat-Plugin'
const COLLECTIONS = `${PLUGIN} src/infrastructure/repositories/CollectionRepository.ts`
const DOCUMENTS = `${PLUGIN} src/infrastructure/repositories/DocumentRepository.ts`
const SESSIONS = `${PLUGIN} src/infrastructure/repositories/ChatSessionRepository.ts`
const EVALUATION = `${PLUGIN} src/services/evaluationApiService.ts`
const STATE = `${PLUGIN} src/evaluation-view/evaluationStateApiService.ts`
const RAG = `${CHAT} src/services/ragService.ts`
const SETTINGS = `${PLUGIN} src/components/plugin-settings/ChatCollectionSettings.tsx`

const newCollection = (client: ContractClient, label: string) =>
  createCollection(client, '', label, { description: 'Service paths' })

/** The plugin's upload (multipart `file`, `collection_id`) and its 2-second polling until processed. */
const uploadNote = (client: ContractClient, collectionId: string) => uploadAndPoll(client, '', collectionId)

export const chatWithDocsServiceReplay: ReplayCase[] = [
  {
    name: 'Chat-With-Docs “Save & Restart”: services/restart with definition_id and user_id current restarts its provided services',
    sources: [`${SETTINGS}:501`, `${PLUGIN} lifecycle_manager.py:130`],
    async run(client) {
      const slug = `ReplayCwyd${unique('x').replace(/[^A-Za-z0-9]/g, '')}`
      const services = [
        { name: 'cwyd_service', healthcheck_url: 'http://localhost:8000/health' },
        { name: 'document_processing_service', healthcheck_url: 'http://localhost:8080/health' },
      ]
      const zip = zipOf({
        ...testPluginFiles({ slug }),
        'plugin.json': JSON.stringify({ ...testManifest({ slug }), required_services_runtime: services }),
      })
      await replay(
        client,
        {
          method: 'POST',
          path: '/api/v1/plugins/install',
          multipart: {
            fields: { method: 'upload' },
            files: [
              { field: 'file', filename: `${slug}.zip`, type: 'application/zip', base64: toBase64(zip) },
            ],
          },
        },
        200,
      )
      const { body } = await replay<{ success: boolean; message: string; restarted: string[] }>(
        client,
        {
          method: 'POST',
          path: `/api/v1/plugins/${slug}/services/restart`,
          json: { definition_id: 'braindrive_chat_with_documents_settings', user_id: 'current' },
        },
        200,
      )
      checkEqual(body.success, true, 'success (the plugin shows `message`)')
      check(typeof body.message === 'string' && body.message !== '', 'a message')
      checkEqual(body.restarted, ['cwyd_service', 'document_processing_service'], 'both provided services')
      await replay(client, { method: 'DELETE', path: `/api/v1/plugins/${slug}/uninstall` }, 200)
    },
  },
  {
    name: 'Chat-With-Docs at the service’s own paths: creates at /collections/, lists, reads, updates, deletes',
    sources: [
      `${PLUGIN} src/collection-view/CollectionService.ts:81`,
      `${COLLECTIONS}:22`,
      `${COLLECTIONS}:14`,
      `${COLLECTIONS}:18`,
      `${COLLECTIONS}:26`,
      `${COLLECTIONS}:30`,
      `${RAG}:204`,
    ],
    async run(client) {
      const created = await newCollection(client, 'Service paths')
      const { body: list } = await replay(client, { method: 'GET', path: '/collections/' }, 200)
      check(
        expectArray<DocsCollection>(list, 'collections').some((c) => c.id === created.id),
        'the new collection is listed at /collections/',
      )
      const { body: read } = await replay<DocsCollection>(
        client,
        { method: 'GET', path: `/collections/${created.id}` },
        200,
      )
      expectFields(read, { id: 'string', name: 'string', document_count: 'number' }, 'collection')
      const renamed = unique('Renamed')
      const { body: updated } = await replay<DocsCollection>(
        client,
        { method: 'PUT', path: `/collections/${created.id}`, json: { ...read, name: renamed } },
        200,
      )
      checkEqual(updated.name, renamed, 'the new name')
      await replay(client, { method: 'DELETE', path: `/collections/${created.id}` }, [200, 204])
      await replay(client, { method: 'GET', path: `/api/collections/${created.id}` }, 404)
    },
  },
  {
    name: 'Chat-With-Docs at the service’s own paths: uploads at /documents/, polls, lists by collection, deletes',
    sources: [
      `${PLUGIN} src/document-view/DocumentService.ts:89`,
      `${PLUGIN} src/services/documentPolling.ts:38`,
      `${DOCUMENTS}:14`,
      `${DOCUMENTS}:18`,
      `${DOCUMENTS}:30`,
      `${RAG}:217`,
      `${RAG}:222`,
      `${RAG}:240`,
    ],
    async run(client) {
      const collection = await newCollection(client, 'Service docs')
      const settled = await uploadNote(client, collection.id)
      checkEqual(settled.status, 'completed', 'the processed document’s status')
      const { body } = await replay(
        client,
        { method: 'GET', path: `/documents/?collection_id=${collection.id}` },
        200,
      )
      checkEqual(
        expectArray<DocsDocument>(body, 'documents').map((d) => d.id),
        [settled.id],
        'the collection’s documents',
      )
      await replay(client, { method: 'DELETE', path: `/documents/${settled.id}` }, [200, 204])
      await replay(client, { method: 'GET', path: `/documents/${settled.id}` }, 404)
    },
  },
  {
    name: 'Chat-With-Docs at the service’s own paths: sessions, POST /chat/messages answered with sources, history',
    sources: [
      `${SESSIONS}:26`,
      `${SESSIONS}:14`,
      `${SESSIONS}:18`,
      `${SESSIONS}:30`,
      `${SESSIONS}:22`,
      `${SESSIONS}:34`,
    ],
    async run(client) {
      const collection = await newCollection(client, 'Service chat')
      await uploadNote(client, collection.id)
      const { body: session } = await replay<{ id: string }>(
        client,
        {
          method: 'POST',
          path: '/chat/sessions',
          json: { name: unique('Session'), collection_id: collection.id },
        },
        [200, 201],
      )
      const { body: sessions } = await replay(client, { method: 'GET', path: '/chat/sessions' }, 200)
      check(
        expectArray<{ id: string }>(sessions, 'sessions').some((s) => s.id === session.id),
        'the session is listed',
      )
      await replay(client, { method: 'GET', path: `/chat/sessions/${session.id}` }, 200)
      const { body: answer } = await replay<{ role: string; metadata: { source_documents?: unknown[] } }>(
        client,
        {
          method: 'POST',
          path: '/chat/messages',
          json: { session_id: session.id, message: 'When is the lighthouse lamp trimmed?' },
        },
        200,
      )
      expectFields(answer, { id: 'string', content: 'string', role: 'string', metadata: 'object' }, 'answer')
      checkEqual(answer.role, 'assistant', 'the answer’s role')
      check((answer.metadata.source_documents ?? []).length > 0, 'the answer cites the note')
      const { body: history } = await replay(
        client,
        { method: 'GET', path: `/chat/messages?session_id=${session.id}` },
        200,
      )
      checkEqual(expectArray(history, 'messages').length, 2, 'the question and its answer')
      await replay(client, { method: 'DELETE', path: `/chat/sessions/${session.id}` }, [200, 204])
    },
  },
  {
    name: 'Chat-With-Docs at the service’s own paths: POST /search/ with query_text, chat_history and config',
    sources: [`${PLUGIN} src/infrastructure/repositories/RAGRepository.ts:43`, `${RAG}:250`],
    async run(client) {
      const collection = await newCollection(client, 'Service search')
      await uploadNote(client, collection.id)
      const { body } = await replay<{ chunks: unknown[] }>(
        client,
        {
          method: 'POST',
          path: '/search/',
          json: {
            query_text: 'How often do keepers log it?',
            collection_id: collection.id,
            chat_history: [{ role: 'user', content: 'What is the fog signal?' }],
            config: {
              use_chat_history: true,
              max_history_turns: 3,
              top_k: 5,
              use_hybrid: true,
              alpha: 0.5,
              use_intent_classification: true,
              query_transformation: { enabled: true, methods: ['multi_query'] },
              filters: { min_similarity: 0.7 },
            },
          },
        },
        200,
      )
      expectFields(body, { chunks: 'array', intent: 'object', metadata: 'object' }, 'search result')
      check(body.chunks.length > 0, 'the note is found')
    },
  },
  {
    name: 'Chat-With-Docs evaluation with its own questions: start, save state, resume list, submit, runs, results, state deleted',
    sources: [
      `${EVALUATION}:106`,
      `${STATE}:120`,
      `${STATE}:237`,
      `${EVALUATION}:40`,
      `${EVALUATION}:62`,
      `${EVALUATION}:84`,
      `${STATE}:201`,
    ],
    async run(client) {
      const collection = await newCollection(client, 'Service evaluation')
      await uploadNote(client, collection.id)
      const { body: started } = await replay<{
        evaluation_run_id: string
        test_data: Array<{ test_case_id: string; question: string; retrieved_context: string }>
      }>(
        client,
        {
          method: 'POST',
          path: '/api/evaluation/plugin/start-with-questions',
          json: {
            collection_id: collection.id,
            questions: ['When is the lamp trimmed?', 'What do penguins eat?'],
            llm_model: 'qwen3:8b',
            persona: null,
          },
        },
        200,
      )
      const [first, second] = started.test_data
      check(first && second, 'a test case per question')
      expectFields(
        first,
        { test_case_id: 'string', question: 'string', category: 'string', retrieved_context: 'string' },
        'test case',
      )
      check(first.retrieved_context.includes('dusk'), 'the question’s passages come with it')
      const runId = started.evaluation_run_id
      await replay(
        client,
        {
          method: 'POST',
          path: `/api/evaluation/state/${runId}`,
          json: {
            user_id: 'current',
            llm_model: 'qwen3:8b',
            processed_question_ids: [],
            last_updated: new Date().toISOString(),
          },
        },
        200,
      )
      const { body: resumable } = await replay<{
        evaluations: Array<{ run_id: string; model_name: string }>
      }>(
        client,
        { method: 'GET', path: '/api/evaluation/state/in-progress?user_id=current&include_expired=false' },
        200,
      )
      const mine = resumable.evaluations.find((e) => e.run_id === runId)
      check(mine, 'the run is listed as in progress')
      checkEqual(mine.model_name, 'qwen3:8b', 'its model')
      const { status } = await replay(
        client,
        {
          method: 'POST',
          path: '/api/evaluation/plugin/submit-with-questions',
          json: {
            evaluation_run_id: runId,
            submissions: [
              {
                test_case_id: first.test_case_id,
                llm_answer: 'The lamp is trimmed at dusk.',
                retrieved_context: first.retrieved_context,
              },
              {
                test_case_id: second.test_case_id,
                llm_answer: 'Penguins eat krill.',
                retrieved_context: second.retrieved_context,
              },
            ],
          },
        },
        [200, 202],
      )
      check(status === 200 || status === 202, 'accepted')
      const { body: runs } = await replay<{ runs: Array<Record<string, unknown>>; total: number }>(
        client,
        { method: 'GET', path: '/api/evaluation/runs?limit=50' },
        200,
      )
      const run = runs.runs.find((r) => r.id === runId)
      check(run, 'the run is listed')
      expectFields(
        run,
        {
          accuracy: 'number',
          progress: 'number',
          status: 'string',
          is_completed: 'boolean',
          run_date: 'string',
        },
        'run',
      )
      const { body: results } = await replay<{
        evaluation_run: { accuracy: number; status: string }
        results: Array<{ test_case_id: string; judge_correct: boolean }>
      }>(client, { method: 'GET', path: `/api/evaluation/results/${runId}` }, 200)
      checkEqual(results.evaluation_run.status, 'completed', 'the run’s status')
      checkEqual(results.evaluation_run.accuracy, 50, 'accuracy in percent')
      checkEqual(
        results.results.map((r) => [r.test_case_id, r.judge_correct]),
        [
          [first.test_case_id, true],
          [second.test_case_id, false],
        ],
        'each answer judged against its passages',
      )
      // Finished: the plugin forgets its saved progress (204, or any 2xx, is success).
      await replay(client, { method: 'DELETE', path: `/api/evaluation/state/${runId}?user_id=current` }, 204)
      const { body: after } = await replay<{ found: boolean }>(
        client,
        { method: 'GET', path: `/api/evaluation/state/${runId}?user_id=current` },
        200,
      )
      checkEqual(after.found, false, 'the saved progress is gone')
    },
  },
  {
    name: 'Chat-With-Docs at the service’s own paths: bad input answers as at the spec’s paths',
    sources: [
      `${COLLECTIONS}:22`,
      `${COLLECTIONS}:18`,
      `${PLUGIN} src/infrastructure/repositories/RAGRepository.ts:43`,
      `${EVALUATION}:106`,
      `${EVALUATION}:40`,
    ],
    async run(client) {
      for (const [alias, spec, body] of [
        ['/collections/', '/api/collections/', { description: 'no name' }],
        ['/search/', '/api/search/', { collection_id: 'not-an-id' }],
        ['/chat/messages', '/api/chat/message', { session_id: 'x' }],
      ] as const) {
        const viaAlias = await replay<{ detail: string }>(
          client,
          { method: 'POST', path: alias, json: body },
          400,
        )
        const viaSpec = await replay<{ detail: string }>(
          client,
          { method: 'POST', path: spec, json: body },
          400,
        )
        checkEqual(viaAlias.body.detail, viaSpec.body.detail, `${alias}'s detail`)
      }
      await replay(client, { method: 'GET', path: '/collections/not-a-uuid' }, 404)
      const collection = await newCollection(client, 'Service bad input')
      const empty = await replay<{ detail: string }>(
        client,
        {
          method: 'POST',
          path: '/api/evaluation/plugin/start-with-questions',
          json: { collection_id: collection.id, questions: [] },
        },
        400,
      )
      check(empty.body.detail.startsWith('questions'), `the detail names the field (${empty.body.detail})`)
      const { body: started } = await replay<{ evaluation_run_id: string }>(
        client,
        {
          method: 'POST',
          path: '/api/evaluation/plugin/start-with-questions',
          json: { collection_id: collection.id, questions: ['Why?'] },
        },
        200,
      )
      const stranger = await replay<{ detail: string }>(
        client,
        {
          method: 'POST',
          path: '/api/evaluation/plugin/submit-with-questions',
          json: {
            evaluation_run_id: started.evaluation_run_id,
            submissions: [{ test_case_id: 'q9', llm_answer: 'x', retrieved_context: '' }],
          },
        },
        400,
      )
      check(
        stranger.body.detail.includes('test_case_id'),
        `the detail names the field (${stranger.body.detail})`,
      )
      await replay(client, { method: 'GET', path: '/api/evaluation/runs?limit=0' }, 400)
    },
  },
]
