import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Hex } from '../../web/core/store/FileStore'
import { SEED_TIME } from '../../web/core/records/seedTime'
import { serverRoutes } from '../src/createApp'
import {
  platformAttempts,
  platformLists,
  seedPlatform,
  type Attempt,
  type AttemptFor,
  type PlatformRecords,
} from './isolationPlatform'
import {
  ISOLATION_PLUGIN_FILE,
  pluginAttempts,
  pluginLists,
  seedPlugins,
  type PluginRecords,
} from './isolationPlugins'
import { pluginInstallAttempts, pluginInstallLists } from './isolationPluginInstall'
import { modelHostAttempts, seedModelHost, type ModelHostRecords } from './isolationModelHost'
import { aiProviderAttempts } from './isolationAiProviders'
import { webSearchAttempts } from './isolationWebSearch'
import { aliasAttempts } from './isolationAliases'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

/** A's records, by the path parameter or body field that names them. */
interface Records {
  collection: string
  document: string
  session: string
  evaluation: string
  job: string
  token: string
  /** The SHA-256 key of A's document file (a sync blob in A's file store). */
  blob: string
}

const JAM = '# Jam\n\nAlice keeps her marmalade recipe here.'

/** The upload form that puts JAM, as `filename`, into a collection; `skip` asks a duplicate to be skipped. */
const jamForm = (collectionId: string, filename: string, onDuplicate?: 'skip') => {
  const form = new FormData()
  form.append('collection_id', collectionId)
  if (onDuplicate) form.append('on_duplicate', onDuplicate)
  form.append('file', new Blob([JAM]), filename)
  return form
}

/**
 * For every route of the server, how user B would try to reach user A's records, or why the route
 * names no record (its isolation is checked through B's lists below). A route added to the table
 * without an entry here fails the test, so none is forgotten.
 */
const chatAttempts: Record<string, AttemptFor<Records>> = {
  health: { names: 'nothing', why: 'public' },
  platformHealth: { names: 'nothing', why: 'public' },
  createCollection: { names: 'nothing', why: 'creates in B’s own space' },
  listCollections: { names: 'nothing', why: 'checked by the lists' },
  getCollection: (a) => ({ method: 'GET', path: `/api/collections/${a.collection}` }),
  updateCollection: (a) => ({
    method: 'PUT',
    path: `/api/collections/${a.collection}`,
    json: { name: 'Taken' },
  }),
  deleteCollection: (a) => ({ method: 'DELETE', path: `/api/collections/${a.collection}` }),
  uploadDocument: (a) => {
    // A's own content, asked to be skipped as a duplicate: B learns nothing of A's document (404).
    return { method: 'POST', path: '/api/documents/', form: jamForm(a.collection, 'planted.md', 'skip') }
  },
  listDocuments: { names: 'nothing', why: 'checked by the lists (also filtered by A’s collection)' },
  getDocument: (a) => ({ method: 'GET', path: `/api/documents/${a.document}` }),
  processDocument: (a) => ({ method: 'POST', path: `/api/documents/${a.document}/process`, json: {} }),
  deleteDocument: (a) => ({ method: 'DELETE', path: `/api/documents/${a.document}` }),
  renameDocument: (a) => ({
    method: 'PATCH',
    path: `/api/documents/${a.document}`,
    json: { original_filename: 'taken.md' },
  }),
  getDocumentFile: (a) => ({ method: 'GET', path: `/api/documents/${a.document}/file` }),
  listFolderRoots: { names: 'nothing', why: 'the caller’s own roots, from the server’s configuration' },
  getCollectionFolder: (a) => ({ method: 'GET', path: `/api/collections/${a.collection}/folder` }),
  followFolder: (a) => ({
    method: 'PUT',
    path: `/api/collections/${a.collection}/folder`,
    json: { path: '/srv' },
  }),
  checkFolder: (a) => ({ method: 'POST', path: `/api/collections/${a.collection}/folder/check` }),
  unfollowFolder: (a) => ({ method: 'DELETE', path: `/api/collections/${a.collection}/folder` }),
  extractDocument: { names: 'nothing', why: 'stores nothing' },
  extractDocuments: { names: 'nothing', why: 'stores nothing' },
  processTextContext: { names: 'nothing', why: 'stores nothing' },
  supportedTypes: { names: 'nothing', why: 'no data' },
  search: (a) => ({
    method: 'POST',
    path: '/api/search_u/',
    json: { query: 'marmalade', collection_id: a.collection },
  }),
  searchWithHistory: (a) => ({
    method: 'POST',
    path: '/api/search/',
    json: { query_text: 'marmalade', collection_id: a.collection },
  }),
  createChatSession: (a) => ({
    method: 'POST',
    path: '/api/chat/sessions',
    json: { name: 'Taken', collection_id: a.collection },
  }),
  listChatSessions: { names: 'nothing', why: 'checked by the lists' },
  getChatSession: (a) => ({ method: 'GET', path: `/api/chat/sessions/${a.session}` }),
  updateChatSession: (a) => ({
    method: 'PUT',
    path: `/api/chat/sessions/${a.session}`,
    json: { name: 'Taken' },
  }),
  deleteChatSession: (a) => ({ method: 'DELETE', path: `/api/chat/sessions/${a.session}` }),
  sendChatMessage: (a) => ({
    method: 'POST',
    path: '/api/chat/message',
    json: { session_id: a.session, message: 'hi' },
  }),
  streamChatMessage: (a) => ({
    method: 'POST',
    path: '/api/chat/stream',
    json: { session_id: a.session, message: 'hi' },
  }),
  listChatMessages: (a) => ({ method: 'GET', path: `/api/chat/messages?session_id=${a.session}` }),
  startEvaluation: (a) => ({
    method: 'POST',
    path: '/api/evaluation/run',
    json: { collection_id: a.collection, test_cases: [{ id: '1', question: 'q?', ground_truth: 'a' }] },
  }),
  listEvaluations: { names: 'nothing', why: 'checked by the lists' },
  getEvaluation: (a) => ({ method: 'GET', path: `/api/evaluation/results/${a.evaluation}` }),
  startPluginEvaluation: (a) => ({
    method: 'POST',
    path: '/api/evaluation/plugin/start',
    json: { collection_id: a.collection, total_questions: 1, user_id: 'plugin' },
  }),
  submitPluginResults: (a) => ({
    method: 'POST',
    path: '/api/evaluation/plugin/submit',
    json: {
      evaluation_run_id: a.evaluation,
      results: [{ question: 'q', generated_answer: 'a', is_correct: true }],
    },
  }),
  saveEvaluationState: (a) => ({
    method: 'POST',
    path: `/api/evaluation/state/${a.evaluation}`,
    json: { current_question_index: 0, answered_questions: 0, user_answers: {}, evaluation_results: [] },
  }),
  getEvaluationState: (a) => ({ method: 'GET', path: `/api/evaluation/state/${a.evaluation}` }),
  deleteEvaluationState: (a) => ({ method: 'DELETE', path: `/api/evaluation/state/${a.evaluation}` }),
  listEvaluationRuns: { names: 'nothing', why: 'checked by the lists' },
  listEvaluationsInProgress: { names: 'nothing', why: 'checked by the lists' },
  startEvaluationWithQuestions: (a) => ({
    method: 'POST',
    path: '/api/evaluation/plugin/start-with-questions',
    json: { collection_id: a.collection, questions: ['What does Alice keep?'] },
  }),
  submitEvaluationWithQuestions: (a) => ({
    method: 'POST',
    path: '/api/evaluation/plugin/submit-with-questions',
    json: {
      evaluation_run_id: a.evaluation,
      submissions: [{ test_case_id: 'q1', llm_answer: 'jam', retrieved_context: '' }],
    },
  }),
  getSettings: { names: 'nothing', why: 'checked below: A’s change is not B’s setting' },
  updateSettings: { names: 'nothing', why: 'changes B’s own settings' },
  getGeneratorStatus: { names: 'nothing', why: 'B’s own generator' },
  testGenerator: { names: 'nothing', why: 'stores nothing' },
  listWebLlmModels: { names: 'nothing', why: 'no data' },
  loadWebLlmModel: { names: 'nothing', why: 'browser only' },
  loadEmbedder: { names: 'nothing', why: 'B’s own setting' },
  getEmbedderStatus: { names: 'nothing', why: 'B’s own setting' },
  register: { names: 'nothing', why: 'public' },
  login: { names: 'nothing', why: 'public' },
  refresh: { names: 'nothing', why: 'public; tokens are checked in auth.test' },
  logout: { names: 'nothing', why: 'public; revokes only the caller’s session' },
  me: { names: 'nothing', why: 'answers the caller' },
  changeUsername: { names: 'nothing', why: 'changes the caller; a taken name is 409 (auth.test)' },
  changePassword: { names: 'nothing', why: 'changes the caller' },
  createPersonalToken: { names: 'nothing', why: 'creates the caller’s' },
  listPersonalTokens: { names: 'nothing', why: 'checked by the lists' },
  deletePersonalToken: (a) => ({ method: 'DELETE', path: `/api/v1/auth/tokens/${a.token}` }),
  syncPush: { names: 'nothing', why: 'writes B’s own sync log (per user by construction; syncApi.test)' },
  syncPull: { names: 'nothing', why: 'reads B’s own sync log; A’s pushes are absent (syncApi.test)' },
  syncEvents: { names: 'nothing', why: 'announces only B’s own log' },
  syncBlobStatus: {
    names: 'nothing',
    why: 'answers from B’s own file store: A’s key reads complete: false, received 0 (syncBlobs.test)',
  },
  syncUploadBlobPart: { names: 'nothing', why: 'uploads into B’s own file store' },
  syncDownloadBlob: (a) => ({ method: 'GET', path: `/api/v1/sync/blobs/${a.blob}` }),
  createJob: (a) => ({
    method: 'POST',
    path: '/api/v1/jobs',
    json: { job_type: 'document_process', payload: { document_id: a.document } },
  }),
  listJobs: { names: 'nothing', why: 'checked by the lists' },
  getJob: (a) => ({ method: 'GET', path: `/api/v1/jobs/${a.job}` }),
  cancelJob: (a) => ({ method: 'POST', path: `/api/v1/jobs/${a.job}/cancel` }),
  retryJob: (a) => ({ method: 'POST', path: `/api/v1/jobs/${a.job}/retry` }),
  listJobEvents: (a) => ({ method: 'GET', path: `/api/v1/jobs/${a.job}/events` }),
  streamJobEvents: (a) => ({ method: 'GET', path: `/api/v1/jobs/${a.job}/events/stream` }),
  listJobLogs: (a) => ({ method: 'GET', path: `/api/v1/jobs/${a.job}/logs` }),
  deleteJob: (a) => ({ method: 'DELETE', path: `/api/v1/jobs/${a.job}` }),
  exportData: (a) => ({ method: 'GET', path: `/api/v1/export?collection_id=${a.collection}` }),
  importData: {
    names: 'nothing',
    why: 'imports into B’s own space; B’s whole export holds none of A’s data (below)',
  },
}

const attempts: Record<string, AttemptFor<Records & PlatformRecords & PluginRecords & ModelHostRecords>> = {
  ...chatAttempts,
  ...platformAttempts,
  ...pluginAttempts,
  ...pluginInstallAttempts,
  ...modelHostAttempts,
  ...aiProviderAttempts,
  ...webSearchAttempts,
}
Object.assign(attempts, aliasAttempts(serverRoutes, attempts))

describe('two users: B never reaches A’s records', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  let a: TestUser
  let b: TestUser
  let records: Records & PlatformRecords & PluginRecords & ModelHostRecords
  const send = (user: TestUser, attempt: Attempt) =>
    fetch(server.url + attempt.path, {
      method: attempt.method,
      headers: {
        ...user.auth,
        ...(attempt.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: attempt.form ?? (attempt.json !== undefined ? JSON.stringify(attempt.json) : undefined),
    })
  const json = async (user: TestUser, attempt: Attempt) => {
    const response = await send(user, attempt)
    expect(response.ok, `${attempt.method} ${attempt.path}: ${response.status}`).toBe(true)
    return (await response.json()) as Record<string, unknown>
  }

  beforeAll(async () => {
    server = await startTestServer({ accounts: true })
    a = await signUpForTest(server.url, 'alice')
    b = await signUpForTest(server.url, 'bob')
    const collection = await json(a, {
      method: 'POST',
      path: '/api/collections/',
      json: { name: 'A’s', description: 'private' },
    })
    const form = jamForm(String(collection.id), 'jam.md')
    const document = await json(a, { method: 'POST', path: '/api/documents/', form })
    const session = await json(a, {
      method: 'POST',
      path: '/api/chat/sessions',
      json: { name: 'Jam talk', collection_id: collection.id },
    })
    await server.idle()
    await json(a, {
      method: 'POST',
      path: '/api/chat/message',
      json: { session_id: session.id, message: 'What does Alice keep?' },
    })
    const run = await json(a, {
      method: 'POST',
      path: '/api/evaluation/run',
      json: {
        collection_id: collection.id,
        test_cases: [{ id: '1', question: 'What does Alice keep?', ground_truth: 'her marmalade recipe' }],
      },
    })
    await server.idle()
    // A client-driven run of A's own questions, with saved progress (the in-progress list's entry).
    const ownQuestions = await json(a, {
      method: 'POST',
      path: '/api/evaluation/plugin/start-with-questions',
      json: { collection_id: collection.id, questions: ['What does Alice keep?'] },
    })
    await json(a, {
      method: 'POST',
      path: `/api/evaluation/state/${String(ownQuestions.evaluation_run_id)}`,
      json: { llm_model: 'alice-model', processed_question_ids: [] },
    })
    const tokens = (await json(a, { method: 'GET', path: '/api/v1/auth/tokens' })) as unknown as Array<{
      id: string
    }>
    await json(a, {
      method: 'PUT',
      path: '/api/settings',
      json: {
        generator: { kind: 'ollama', base_url: 'http://alice-models.invalid:11434', model: 'alice-model' },
      },
    })
    records = {
      collection: String(collection.id),
      document: String(document.id),
      session: String(session.id),
      evaluation: String(run.evaluation_id),
      job: String(document.job_id),
      token: tokens[0]!.id,
      blob: await sha256Hex(new TextEncoder().encode(JAM)),
      ...(await seedPlatform((path, body) => json(a, { method: 'POST', path, json: body }), a.id)),
      ...(await seedPlugins(
        (path, body) => json(a, { method: 'POST', path, json: body }),
        (await server.spaces.get(a.id)).runtime.ports,
      )),
      ...(await seedModelHost((path, body) => json(a, { method: 'POST', path, json: body }))),
    }
  }, scaledTimeout(60_000))
  afterAll(() => server.stop())

  it('every route of the table is covered', () => {
    const missing = serverRoutes.map((route) => route.operationId).filter((id) => !(id in attempts))
    expect(missing).toEqual([])
  })

  it('refuses B each of A’s records (404), on every route that names one', async () => {
    const answered: string[] = []
    for (const route of serverRoutes) {
      const attempt = attempts[route.operationId]
      if (typeof attempt !== 'function') continue
      const request = attempt(records)
      const response = await send(b, request)
      answered.push(`${route.operationId} ${response.status}`)
      expect(
        response.status,
        `${route.operationId}: ${request.method} ${request.path}: ${await response.text()}`,
      ).toBe(request.status ?? 404)
    }
    expect(answered.length).toBeGreaterThan(50)
  })

  it('shows B none of A’s records in any list or search', async () => {
    await server.idle()
    expect(await json(b, { method: 'GET', path: '/api/collections/' })).toEqual([])
    expect(await json(b, { method: 'GET', path: '/api/documents/' })).toEqual([])
    expect(
      await json(b, { method: 'GET', path: `/api/documents/?collection_id=${records.collection}` }),
    ).toEqual([])
    expect(await json(b, { method: 'GET', path: '/api/chat/sessions' })).toEqual([])
    expect(await json(b, { method: 'GET', path: '/api/evaluation/results' })).toEqual([])
    expect((await json(a, { method: 'GET', path: '/api/evaluation/state/in-progress' })).total_count).toBe(1)
    expect(await json(b, { method: 'GET', path: '/api/evaluation/runs' })).toEqual({ runs: [], total: 0 })
    expect(await json(b, { method: 'GET', path: '/api/evaluation/state/in-progress' })).toEqual({
      evaluations: [],
      total_count: 0,
    })
    expect(await json(b, { method: 'GET', path: '/api/v1/jobs' })).toMatchObject({
      items: [],
      total_items: 0,
    })
    const tokens = (await json(b, { method: 'GET', path: '/api/v1/auth/tokens' })) as unknown as Array<{
      id: string
    }>
    expect(tokens.map((token) => token.id)).not.toContain(records.token)
    const search = await json(b, {
      method: 'POST',
      path: '/api/search_u/',
      json: { query: 'marmalade recipe' },
    })
    expect(search.chunks).toEqual([])
    expect(await json(b, { method: 'GET', path: `/api/v1/users/${b.id}/tags` })).toEqual([])
    expect(await json(b, { method: 'GET', path: `/api/v1/users/${b.id}/conversations` })).toEqual([])
    // B's own profile seeds (the records every new account starts with) are B's, not A's.
    const notSeeded = (items: unknown[]) =>
      items.filter((item) => (item as { created_at?: unknown }).created_at !== SEED_TIME)
    for (const list of [...platformLists, ...pluginLists, ...pluginInstallLists]) {
      expect(notSeeded(list.items(await json(b, { method: 'GET', path: list.path }))), list.path).toEqual([])
    }
    const settings = await json(b, { method: 'GET', path: '/api/settings' })
    expect(settings.generator).toEqual({ kind: 'extractive' })
    const exported = await send(b, { method: 'GET', path: '/api/v1/export?include_chats=true' })
    expect(exported.status).toBe(200)
    const entries = unzipSync(new Uint8Array(await exported.arrayBuffer()))
    const manifest = JSON.parse(strFromU8(entries['manifest.json']!)) as { counts: Record<string, number> }
    expect(manifest.counts).toMatchObject({ collections: 0, documents: 0, chat_sessions: 0, files: 0 })
    const exportedText = Object.values(entries)
      .map((bytes) => strFromU8(bytes))
      .join('\n')
    expect(exportedText).not.toMatch(/marmalade|alice-model|Jam talk/)
    expect((await json(b, { method: 'GET', path: '/api/v1/auth/me' })).email).toBe(b.email)
  })

  it('leaves A’s records as they were', async () => {
    expect(await json(a, { method: 'GET', path: `/api/collections/${records.collection}` })).toMatchObject({
      name: 'A’s',
      document_count: 1,
    })
    expect(await json(a, { method: 'GET', path: `/api/documents/${records.document}` })).toMatchObject({
      status: 'completed',
    })
    expect(await json(a, { method: 'GET', path: `/api/chat/sessions/${records.session}` })).toMatchObject({
      message_count: 2,
    })
    expect(
      await json(a, { method: 'GET', path: `/api/evaluation/results/${records.evaluation}` }),
    ).toMatchObject({ is_completed: true })
    expect(await json(a, { method: 'GET', path: `/api/v1/jobs/${records.job}` })).toMatchObject({
      status: 'completed',
    })
    const search = await json(a, {
      method: 'POST',
      path: '/api/search_u/',
      json: { query: 'marmalade recipe' },
    })
    expect((search.chunks as unknown[]).length).toBeGreaterThan(0)
    expect((await json(a, { method: 'GET', path: '/api/settings' })).generator).toMatchObject({
      model: 'alice-model',
    })
    for (const [path, name] of [
      [`/api/v1/settings/definitions/${records.definition}`, 'X'],
      [`/api/v1/pages/${records.page}`, 'P'],
      [`/api/v1/navigation-routes/${records.navigation}`, 'N'],
      [`/api/v1/components/${records.component}`, 'C'],
    ] as const) {
      expect(await json(a, { method: 'GET', path }), path).toMatchObject({ name })
    }
    expect(
      await json(a, { method: 'GET', path: `/api/v1/settings/instances/${records.instance}` }),
    ).toMatchObject({
      value: 'v',
    })
    // A's personal token (the one B tried to delete) still works.
    expect((await json(a, { method: 'GET', path: '/api/v1/auth/me' })).email).toBe(a.email)
    // The blob B could not download is there for A (so B's 404 was isolation, not a wrong key).
    const blob = await send(a, { method: 'GET', path: `/api/v1/sync/blobs/${records.blob}` })
    expect(await blob.text()).toBe(JAM)
    // And A's plugin file B could not read is served to A.
    const file = await send(a, {
      method: 'GET',
      path: `/plugins/${records.plugin}/1.0.0/dist/remoteEntry.js`,
    })
    expect(await file.text()).toBe(ISOLATION_PLUGIN_FILE)
  })

  // Last: it gives B a document. A duplicate is looked for in B's own collection only.
  it('never finds A’s document as a duplicate of B’s upload of the same content', async () => {
    const collection = await json(b, {
      method: 'POST',
      path: '/api/collections/',
      json: { name: 'B’s', description: 'own' },
    })
    const form = jamForm(String(collection.id), 'jam.md', 'skip')
    const response = await send(b, { method: 'POST', path: '/api/documents/', form })
    expect(response.status).toBe(201)
    const uploaded = (await response.json()) as Record<string, unknown>
    expect(uploaded.duplicate).toBeUndefined()
    expect(uploaded.id).not.toBe(records.document)
  })
})
