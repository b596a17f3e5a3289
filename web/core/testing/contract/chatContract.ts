import type { SourceDocument } from '../../chat/SourceDocument'
import { readSse } from '../../http/readSse'
import type { ChatMessage } from '../../store/ChatMessage'
import type { ChatSession } from '../../store/ChatSession'
import { check, checkEqual, checkNewRecord } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient, ContractResponse } from './ContractClient'
import { addMarkdown, expectStatus, newCollection, UNKNOWN_ID } from './contractFixtures'
import { responseJson } from './responseJson'

/** Two products with a second version each: a follow-up must stay with the one asked about. */
const RELEASES = `# Release history

## Lumen

Lumen is a lightweight text editor for writers, first released in 2019 by a two-person studio.

## Lumen 2

The second version of Lumen added real-time collaborative editing and a distraction-free mode.

## Ferrite

Ferrite is a command-line tool that compresses satellite images for archival storage.

## Ferrite 2

The second version of Ferrite switched its compression to a wavelet codec and halved archive sizes.
`

async function createSession(client: ContractClient, json: Record<string, unknown>): Promise<ChatSession> {
  const response = await client({ method: 'POST', path: '/api/chat/sessions', json })
  checkEqual(response.status, 201, `create session (body ${response.text.slice(0, 200)})`)
  return responseJson<ChatSession>(response)
}

async function ask(client: ContractClient, json: Record<string, unknown>): Promise<ChatMessage> {
  const response = await client({ method: 'POST', path: '/api/chat/message', json })
  checkEqual(response.status, 200, `message status (body ${response.text.slice(0, 300)})`)
  return responseJson<ChatMessage>(response)
}

async function history(client: ContractClient, sessionId: string, limit?: number): Promise<ChatMessage[]> {
  const query = limit === undefined ? '' : `&limit=${limit}`
  const response = await client({ method: 'GET', path: `/api/chat/messages?session_id=${sessionId}${query}` })
  checkEqual(response.status, 200, `history status (body ${response.text.slice(0, 200)})`)
  return responseJson<ChatMessage[]>(response)
}

async function events(response: ContractResponse): Promise<Array<{ event: string; data: unknown }>> {
  const list: Array<{ event: string; data: unknown }> = []
  for await (const event of readSse(new Response(response.text).body!)) {
    list.push({ event: event.event, data: JSON.parse(event.data) as unknown })
  }
  return list
}

const sourcesOf = (message: ChatMessage) => message.metadata.source_documents as SourceDocument[]

export const chatContract: HostCase<ContractClient>[] = [
  {
    name: 'chat sessions: create, get, rename, list by latest activity, delete',
    async run(client) {
      const collection = await newCollection(client, 'Chat')
      const session = await createSession(client, { name: 'Harbour questions', collection_id: collection.id })
      checkNewRecord(session)
      checkEqual(session.message_count, 0, 'message_count')
      checkEqual(session.collection_id, collection.id, 'collection_id')
      checkEqual(
        Object.keys(session).sort(),
        ['collection_id', 'created_at', 'id', 'message_count', 'name', 'updated_at'],
        'fields',
      )
      const loose = await createSession(client, { name: 'Anything' })
      checkEqual(loose.collection_id, null, 'no collection')

      const renamed = await client({
        method: 'PUT',
        path: `/api/chat/sessions/${session.id}`,
        json: { name: 'Renamed' },
      })
      checkEqual(responseJson<ChatSession>(renamed).name, 'Renamed', 'renamed')
      const listed = responseJson<ChatSession[]>(await client({ method: 'GET', path: '/api/chat/sessions' }))
      checkEqual(listed[0]?.id, session.id, 'the session updated last lists first')
      check(
        listed.some((s) => s.id === loose.id),
        'both listed',
      )
      const got = await client({ method: 'GET', path: `/api/chat/sessions/${session.id}` })
      checkEqual(responseJson<ChatSession>(got).name, 'Renamed', 'get')

      expectStatus(await client({ method: 'DELETE', path: `/api/chat/sessions/${session.id}` }), 204)
      expectStatus(await client({ method: 'DELETE', path: `/api/chat/sessions/${session.id}` }), 404)
      expectStatus(await client({ method: 'GET', path: `/api/chat/messages?session_id=${session.id}` }), 404)
    },
  },
  {
    name: 'chat sessions: bad input answers 400 naming the field, unknown ids 404',
    async run(client) {
      const post = (json: unknown) => client({ method: 'POST', path: '/api/chat/sessions', json })
      expectStatus(await post({}), 400, 'name')
      expectStatus(await post({ name: '  ' }), 400, 'name')
      expectStatus(await post({ name: 'x', collection_id: 'nope' }), 400, 'collection_id')
      expectStatus(await post({ name: 'x', collection_id: UNKNOWN_ID }), 404)
      expectStatus(await client({ method: 'DELETE', path: `/api/chat/sessions/${UNKNOWN_ID}` }), 404)
      expectStatus(await client({ method: 'DELETE', path: '/api/chat/sessions/not-a-uuid' }), 404)
      expectStatus(await client({ method: 'GET', path: `/api/chat/sessions/${UNKNOWN_ID}` }), 404)
    },
  },
  {
    name: 'POST /api/chat/message answers from the documents with cited sources, and keeps the history',
    async run(client) {
      const collection = await newCollection(client, 'Chat')
      const document = await addMarkdown(client, collection.id, 'releases.md', RELEASES)
      const session = await createSession(client, { name: 'Releases', collection_id: collection.id })

      const first = await ask(client, { session_id: session.id, message: 'What is Lumen?' })
      checkEqual(first.role, 'assistant', 'role')
      checkEqual(first.session_id, session.id, 'session_id')
      checkEqual(first.collection_id, collection.id, 'collection used')
      check(/text editor/i.test(first.content), `the answer says what Lumen is: ${first.content}`)
      const sources = sourcesOf(first)
      check(sources.length > 0 && sources.length <= 5, 'sources within top_k')
      // The [n] after the quote names the source it quotes. (Which of "Lumen" and "Lumen 2" ranks
      // first for this question is a near tie that the other documents in the index can tip.)
      const number = Number(/\[(\d+)\]/u.exec(first.content)?.[1])
      check(
        sources[number - 1]?.content.includes('lightweight text editor') === true,
        `the answer cites the passage it quotes: ${first.content}`,
      )
      const cited = sources[0]!
      checkEqual(cited.document_id, document.id, 'source document_id')
      checkEqual(cited.filename, 'releases.md', 'source filename')
      checkEqual(cited.number, 1, 'numbered from 1')
      check(typeof cited.chunk_id === 'string' && cited.content.length > 0, 'chunk id and content')
      check('page' in cited && typeof cited.score === 'number', 'page and score')
      checkEqual(first.metadata.intent, 'retrieval', 'intent')
      checkEqual(first.metadata.chunks_retrieved, sources.length, 'chunks_retrieved')
      check(typeof first.metadata.response_time_ms === 'number', 'response_time_ms')

      // A follow-up is rewritten with the conversation before retrieval.
      const second = await ask(client, { session_id: session.id, message: 'what about its second version?' })
      const queries = second.metadata.queries_used as string[]
      check(
        queries.some((q) => /lumen/i.test(q)),
        `a query carries the subject over: ${JSON.stringify(queries)}`,
      )
      const best = sourcesOf(second)[0]
      check(
        best !== undefined && /second version of Lumen/.test(best.content),
        `the follow-up finds Lumen 2, not Ferrite 2: ${best?.content}`,
      )

      const messages = await history(client, session.id)
      checkEqual(
        messages.map((m) => m.role),
        ['user', 'assistant', 'user', 'assistant'],
        'history oldest first',
      )
      checkEqual(messages[0]?.content, 'What is Lumen?', 'the question is stored')
      checkEqual(messages[0]?.metadata, {}, 'user messages have empty metadata')
      checkEqual(messages[3]?.id, second.id, 'the answer is stored')
      checkEqual(
        (await history(client, session.id, 2)).map((m) => m.id),
        [messages[2]!.id, messages[3]!.id],
        'limit keeps the latest, oldest first',
      )
      const listed = responseJson<ChatSession[]>(await client({ method: 'GET', path: '/api/chat/sessions' }))
      checkEqual(listed.find((s) => s.id === session.id)?.message_count, 4, 'message_count')
    },
  },
  {
    name: 'POST /api/chat/stream sends sources, tokens and the stored message as server-sent events',
    async run(client) {
      const collection = await newCollection(client, 'Stream')
      await addMarkdown(client, collection.id, 'releases.md', RELEASES)
      const session = await createSession(client, { name: 'Stream', collection_id: collection.id })
      const response = await client({
        method: 'POST',
        path: '/api/chat/stream',
        json: { session_id: session.id, message: 'How did Ferrite 2 change compression?' },
      })
      checkEqual(response.status, 200, `stream status (body ${response.text.slice(0, 200)})`)
      check(response.headers['content-type']?.startsWith('text/event-stream'), 'an event stream')
      const list = await events(response)
      checkEqual(list[0]?.event, 'sources', 'sources come first')
      const tokens = list.filter((e) => e.event === 'token').map((e) => (e.data as { text: string }).text)
      check(tokens.length > 0, 'tokens stream')
      const last = list.at(-1)
      checkEqual(last?.event, 'done', 'done comes last')
      const message = (last!.data as { message: ChatMessage }).message
      checkEqual(message.content, tokens.join(''), 'the tokens make the stored answer')
      checkEqual(
        (list[0]?.data as { generator?: unknown }).generator,
        message.metadata.generator,
        'sources say what writes the answer, as the stored message does',
      )
      check(/wavelet/i.test(message.content), `answered from Ferrite 2: ${message.content}`)
      checkEqual((await history(client, session.id)).at(-1)?.id, message.id, 'stored')

      expectStatus(
        await client({
          method: 'POST',
          path: '/api/chat/stream',
          json: { session_id: UNKNOWN_ID, message: 'hi' },
        }),
        404,
      )
    },
  },
  {
    name: 'POST /api/chat/message rejects bad input (400 naming the field) and unknown ids (404)',
    async run(client) {
      const session = await createSession(client, { name: 'Errors' })
      const post = (json: unknown) => client({ method: 'POST', path: '/api/chat/message', json })
      expectStatus(await post({ session_id: session.id, message: '' }), 400, 'message')
      expectStatus(await post({ session_id: session.id, message: '   ' }), 400, 'message')
      expectStatus(await post({ session_id: session.id }), 400, 'message')
      expectStatus(await post({ message: 'hi' }), 400, 'session_id')
      expectStatus(await post({ session_id: session.id, message: 'q', top_k: 0 }), 400, 'top_k')
      expectStatus(await post({ session_id: session.id, message: 'q', top_k: 99 }), 400, 'top_k')
      expectStatus(await post({ session_id: UNKNOWN_ID, message: 'hi' }), 404)
      expectStatus(await post({ session_id: session.id, message: 'hi', collection_id: UNKNOWN_ID }), 404)
      const get = (query: string) => client({ method: 'GET', path: `/api/chat/messages${query}` })
      expectStatus(await get(''), 400, 'session_id')
      expectStatus(await get(`?session_id=${session.id}&limit=0`), 400, 'limit')
      expectStatus(await get(`?session_id=${session.id}&limit=501`), 400, 'limit')
      expectStatus(await get(`?session_id=${session.id}&limit=ten`), 400, 'limit')
      expectStatus(await get(`?session_id=${UNKNOWN_ID}`), 404)
      checkEqual(await history(client, session.id), [], 'nothing was stored')
    },
  },
  {
    name: 'a greeting gets a reply without sources',
    async run(client) {
      const session = await createSession(client, { name: 'Small talk' })
      const reply = await ask(client, { session_id: session.id, message: 'Hello!' })
      checkEqual(reply.metadata.intent, 'chat', 'intent')
      checkEqual(sourcesOf(reply), [], 'no sources')
      check(reply.content.length > 0, 'a reply')
    },
  },
]
