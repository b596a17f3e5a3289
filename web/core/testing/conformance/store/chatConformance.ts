import { check, checkEqual } from '../../check'
import type { HostCase } from '../../HostCase'
import { newChatMessage, newChatSession, newCollection, nextTimestamp } from './fixtures'
import { rejects } from './rejects'
import type { StoreConformanceContext } from './StoreConformanceContext'

const ids = (records: Array<{ id: string }>) => records.map((r) => r.id)
const UNKNOWN_ID = '00000000-0000-4001-8000-ffffffffffff'

/** What every Store adapter must do with chat sessions and their messages. */
export const chatConformance: HostCase<StoreConformanceContext>[] = [
  {
    name: 'creates a chat session with message_count 0 and updated_at = created_at, and reads it back',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const input = newChatSession({ collection_id: collection.id })
      const created = await store.chat.createSession(input)
      checkEqual(created, { ...input, updated_at: input.created_at, message_count: 0 }, 'created session')
      checkEqual(await store.chat.getSession(input.id), created, 'session read back')
      const loose = newChatSession()
      checkEqual((await store.chat.createSession(loose)).collection_id, null, 'session without a collection')
      checkEqual(
        (await store.chat.getSession(loose.id))?.collection_id,
        null,
        'read back without a collection',
      )
    },
  },
  {
    name: 'answers unknown chat session ids with undefined, false and no messages',
    async run({ store }) {
      checkEqual(await store.chat.getSession(UNKNOWN_ID), undefined, 'unknown id')
      checkEqual(await store.chat.getSession('not-a-uuid'), undefined, 'malformed id')
      checkEqual(
        await store.chat.updateSession(UNKNOWN_ID, { name: 'x', updated_at: nextTimestamp() }),
        undefined,
        'update of an unknown session',
      )
      checkEqual(await store.chat.deleteSession(UNKNOWN_ID), false, 'delete of an unknown session')
      checkEqual(
        await store.chat.listMessages(UNKNOWN_ID, { limit: 50 }),
        [],
        'messages of an unknown session',
      )
      checkEqual(await store.chat.listSessions(), [], 'nothing created')
    },
  },
  {
    name: 'refuses a duplicate session id and a session in an unknown collection',
    async run({ store }) {
      const input = newChatSession()
      await store.chat.createSession(input)
      check(
        await rejects(() => store.chat.createSession({ ...input, name: 'Impostor' })),
        'duplicate id accepted',
      )
      checkEqual((await store.chat.getSession(input.id))?.name, input.name, 'original kept')
      const orphan = newChatSession({ collection_id: '00000000-0000-4000-8000-fffffffffffe' })
      check(
        await rejects(() => store.chat.createSession(orphan)),
        'session in an unknown collection accepted',
      )
      checkEqual(ids(await store.chat.listSessions()), [input.id], 'sessions stored')
    },
  },
  {
    name: 'lists sessions by updated_at newest first, ties newest inserted first; a message moves its session first',
    async run({ store }) {
      const older = await store.chat.createSession(newChatSession())
      const newer = await store.chat.createSession(newChatSession())
      const sameTime = await store.chat.createSession(newChatSession({ created_at: newer.created_at }))
      checkEqual(ids(await store.chat.listSessions()), [sameTime.id, newer.id, older.id], 'initial order')
      const message = newChatMessage(older.id)
      await store.chat.addMessage(message)
      const listed = await store.chat.listSessions()
      checkEqual(ids(listed), [older.id, sameTime.id, newer.id], 'order after a message')
      checkEqual(listed[0]?.updated_at, message.created_at, 'updated_at of the session with the message')
      checkEqual(listed[0]?.created_at, older.created_at, 'created_at unchanged')
      await store.chat.updateSession(newer.id, { name: 'Renamed', updated_at: nextTimestamp() })
      checkEqual(
        ids(await store.chat.listSessions()),
        [newer.id, older.id, sameTime.id],
        'order after a rename',
      )
    },
  },
  {
    name: 'stores messages and counts them per session',
    async run({ store }) {
      const first = await store.chat.createSession(newChatSession())
      const second = await store.chat.createSession(newChatSession())
      const message = newChatMessage(first.id, { metadata: { note: 'kept' } })
      checkEqual(await store.chat.addMessage(message), message, 'added message')
      await store.chat.addMessage(newChatMessage(first.id, { role: 'assistant' }))
      await store.chat.addMessage(newChatMessage(first.id, { role: 'system' }))
      await store.chat.addMessage(newChatMessage(second.id))
      checkEqual((await store.chat.getSession(first.id))?.message_count, 3, 'count of the first session')
      checkEqual((await store.chat.getSession(second.id))?.message_count, 1, 'count of the second session')
      const counts = Object.fromEntries((await store.chat.listSessions()).map((s) => [s.id, s.message_count]))
      checkEqual(counts, { [first.id]: 3, [second.id]: 1 }, 'counts in the list')
      checkEqual((await store.chat.listMessages(first.id, { limit: 50 }))[0], message, 'message read back')
    },
  },
  {
    name: 'refuses a message for an unknown session, with a duplicate id or an unknown collection',
    async run({ store }) {
      check(
        await rejects(() => store.chat.addMessage(newChatMessage(UNKNOWN_ID))),
        'unknown session accepted',
      )
      checkEqual(await store.chat.listMessages(UNKNOWN_ID, { limit: 50 }), [], 'nothing stored')
      checkEqual(await store.chat.getSession(UNKNOWN_ID), undefined, 'no session created')
      const session = await store.chat.createSession(newChatSession())
      const message = await store.chat.addMessage(newChatMessage(session.id))
      check(
        await rejects(() =>
          store.chat.addMessage({ ...message, content: 'again', created_at: nextTimestamp() }),
        ),
        'duplicate message id accepted',
      )
      const orphan = newChatMessage(session.id, { collection_id: '00000000-0000-4000-8000-fffffffffffd' })
      check(await rejects(() => store.chat.addMessage(orphan)), 'message in an unknown collection accepted')
      checkEqual(
        await store.chat.listMessages(session.id, { limit: 50 }),
        [message],
        'only the first message',
      )
      const after = await store.chat.getSession(session.id)
      checkEqual(after?.message_count, 1, 'count after refused messages')
      checkEqual(after?.updated_at, message.created_at, 'updated_at untouched by refused messages')
    },
  },
  {
    name: 'stores several messages in order, all or none, each moving its session',
    async run({ store }) {
      const session = await store.chat.createSession(newChatSession())
      const question = newChatMessage(session.id)
      // Same time: insertion order decides, as for a question and its instant greeting.
      const answer = newChatMessage(session.id, { role: 'assistant', created_at: question.created_at })
      checkEqual(await store.chat.addMessages([question, answer]), [question, answer], 'added messages')
      checkEqual(
        await store.chat.listMessages(session.id, { limit: 50 }),
        [question, answer],
        'both stored, in order',
      )
      checkEqual((await store.chat.getSession(session.id))?.updated_at, answer.created_at, 'session moved')
      checkEqual(await store.chat.addMessages([]), [], 'nothing to add')

      const fresh = newChatMessage(session.id)
      check(
        await rejects(() => store.chat.addMessages([fresh, newChatMessage(UNKNOWN_ID)])),
        'a batch with an unknown session accepted',
      )
      check(
        await rejects(() => store.chat.addMessages([fresh, { ...question, created_at: nextTimestamp() }])),
        'a batch with a duplicate id accepted',
      )
      const after = await store.chat.getSession(session.id)
      checkEqual(after?.message_count, 2, 'nothing of a refused batch stored')
      checkEqual(after?.updated_at, answer.created_at, 'session not moved by a refused batch')
      checkEqual(await store.chat.getSession(UNKNOWN_ID), undefined, 'no session created')
    },
  },
  {
    name: 'returns the latest `limit` messages oldest first, ties in insertion order',
    async run({ store }) {
      const session = await store.chat.createSession(newChatSession())
      const other = await store.chat.createSession(newChatSession())
      const m1 = newChatMessage(session.id)
      const m2 = newChatMessage(session.id, { role: 'assistant' })
      const m3 = newChatMessage(session.id)
      const m4 = newChatMessage(session.id, { role: 'assistant', created_at: m3.created_at })
      const m5 = newChatMessage(session.id)
      const m6 = newChatMessage(session.id, { created_at: m5.created_at })
      // Inserted last but older than all: ordering is by time, not by arrival.
      const m0 = newChatMessage(session.id, { created_at: '2025-12-31T23:59:59.999Z' })
      for (const message of [m1, m2, m3, m4, m5, m6, m0]) await store.chat.addMessage(message)
      await store.chat.addMessage(newChatMessage(other.id))
      const history = (limit: number) => store.chat.listMessages(session.id, { limit }).then(ids)
      checkEqual(await history(500), ids([m0, m1, m2, m3, m4, m5, m6]), 'whole history')
      checkEqual(await history(7), ids([m0, m1, m2, m3, m4, m5, m6]), 'limit equal to the count')
      checkEqual(await history(3), ids([m4, m5, m6]), 'latest three')
      checkEqual(await history(4), ids([m3, m4, m5, m6]), 'latest four')
      checkEqual(await history(1), ids([m6]), 'latest one')
      checkEqual(await history(6), ids([m1, m2, m3, m4, m5, m6]), 'all but the oldest')
    },
  },
  {
    name: 'updates only the fields in the session patch',
    async run({ store }) {
      const collection = await store.collections.createCollection(newCollection())
      const input = newChatSession()
      await store.chat.createSession(input)
      const later = nextTimestamp()
      const renamed = await store.chat.updateSession(input.id, { name: 'Renamed', updated_at: later })
      checkEqual(renamed, { ...input, name: 'Renamed', updated_at: later, message_count: 0 }, 'after rename')
      const moved = await store.chat.updateSession(input.id, {
        collection_id: collection.id,
        updated_at: later,
      })
      checkEqual(moved?.collection_id, collection.id, 'collection set')
      checkEqual(moved?.name, 'Renamed', 'name untouched')
      check(
        await rejects(() =>
          store.chat.updateSession(input.id, {
            collection_id: '00000000-0000-4000-8000-fffffffffffc',
            updated_at: nextTimestamp(),
          }),
        ),
        'unknown collection accepted',
      )
      checkEqual(await store.chat.getSession(input.id), moved, 'session unchanged by the refused update')
      const cleared = await store.chat.updateSession(input.id, { collection_id: null, updated_at: later })
      checkEqual(cleared?.collection_id, null, 'collection cleared by null')
      checkEqual(await store.chat.getSession(input.id), cleared, 'update persisted')
    },
  },
  {
    name: 'deleting a session deletes its messages and nothing else',
    async run({ store }) {
      const doomed = await store.chat.createSession(newChatSession())
      const kept = await store.chat.createSession(newChatSession())
      await store.chat.addMessage(newChatMessage(doomed.id))
      await store.chat.addMessage(newChatMessage(doomed.id, { role: 'assistant' }))
      const keptMessage = await store.chat.addMessage(newChatMessage(kept.id))
      checkEqual(await store.chat.deleteSession(doomed.id), true, 'first delete')
      checkEqual(await store.chat.deleteSession(doomed.id), false, 'second delete')
      checkEqual(await store.chat.getSession(doomed.id), undefined, 'deleted session')
      checkEqual(await store.chat.listMessages(doomed.id, { limit: 50 }), [], 'its messages')
      checkEqual(ids(await store.chat.listSessions()), [kept.id], 'sessions left')
      checkEqual(await store.chat.listMessages(kept.id, { limit: 50 }), [keptMessage], 'other messages')
      // A new session under the old id starts empty: the messages are gone, not merely hidden.
      const reborn = await store.chat.createSession(newChatSession({ id: doomed.id }))
      checkEqual(reborn.message_count, 0, 'count of a session re-created under the same id')
      checkEqual((await store.chat.getSession(doomed.id))?.message_count, 0, 'count read back')
      checkEqual(
        await store.chat.listMessages(doomed.id, { limit: 50 }),
        [],
        'messages of the re-created session',
      )
    },
  },
  {
    name: 'deleting a collection keeps its sessions and messages, with collection_id null',
    async run({ store }) {
      const doomed = await store.collections.createCollection(newCollection())
      const kept = await store.collections.createCollection(newCollection())
      const inDoomed = await store.chat.createSession(newChatSession({ collection_id: doomed.id }))
      const inKept = await store.chat.createSession(newChatSession({ collection_id: kept.id }))
      const a1 = await store.chat.addMessage(newChatMessage(inDoomed.id, { collection_id: doomed.id }))
      const a2 = await store.chat.addMessage(
        newChatMessage(inDoomed.id, { role: 'assistant', collection_id: doomed.id }),
      )
      // A message may name another collection than its session's default (a per-message override).
      const b1 = await store.chat.addMessage(newChatMessage(inKept.id, { collection_id: doomed.id }))
      const b2 = await store.chat.addMessage(newChatMessage(inKept.id, { collection_id: kept.id }))
      const before = await store.chat.getSession(inDoomed.id)
      checkEqual(await store.collections.deleteCollection(doomed.id), true, 'delete')
      checkEqual(
        await store.chat.getSession(inDoomed.id),
        before && { ...before, collection_id: null },
        'session of the deleted collection',
      )
      checkEqual(
        (await store.chat.getSession(inKept.id))?.collection_id,
        kept.id,
        'session of the other collection',
      )
      checkEqual(
        await store.chat.listMessages(inDoomed.id, { limit: 50 }),
        [a1, a2].map((m) => ({ ...m, collection_id: null })),
        'messages of the surviving session',
      )
      checkEqual(
        await store.chat.listMessages(inKept.id, { limit: 50 }),
        [{ ...b1, collection_id: null }, b2],
        'messages that named the deleted collection',
      )
      checkEqual(ids(await store.chat.listSessions()), [inKept.id, inDoomed.id], 'sessions left')
    },
  },
  {
    name: 'round-trips message content and metadata exactly',
    async run({ store }) {
      const session = await store.chat.createSession(newChatSession({ name: 'Ünïcödé 📚 中文' }))
      const content = 'Ünïcödé 📚 — "quotes", back\\slash, <tags> & \n new line\t tab 中文 עברית'
      const metadata = {
        intent: 'retrieval',
        chunks_retrieved: 2,
        source_documents: [
          { document_id: '00000000-0000-4000-9000-000000000001', chunk_id: 'c-1', content, score: 0.8125 },
          { document_id: '00000000-0000-4000-9000-000000000002', chunk_id: 'c-2', content: '', score: 0 },
        ],
        response_time_ms: 412,
        nested: { deep: { list: [1, 'two', null, true, { x: -0.5, empty: {} }], none: null } },
      }
      const message = newChatMessage(session.id, { role: 'assistant', content, metadata })
      await store.chat.addMessage(message)
      checkEqual(await store.chat.listMessages(session.id, { limit: 1 }), [message], 'message read back')
      checkEqual((await store.chat.getSession(session.id))?.name, 'Ünïcödé 📚 中文', 'session name')
    },
  },
  {
    name: 'keeps every one of many concurrent messages',
    async run({ store }) {
      const session = await store.chat.createSession(newChatSession())
      const messages = Array.from({ length: 20 }, () => newChatMessage(session.id))
      await Promise.all(messages.map((message) => store.chat.addMessage(message)))
      checkEqual((await store.chat.getSession(session.id))?.message_count, 20, 'count')
      checkEqual(await store.chat.listMessages(session.id, { limit: 500 }), messages, 'history')
    },
  },
  {
    name: 'persists sessions and messages across close and reopen',
    async run({ store, reopen }) {
      const collection = await store.collections.createCollection(newCollection())
      const first = await store.chat.createSession(newChatSession({ collection_id: collection.id }))
      const second = await store.chat.createSession(newChatSession())
      const messages = [
        newChatMessage(first.id, { collection_id: collection.id }),
        newChatMessage(first.id, {
          role: 'assistant',
          metadata: { intent: 'chat' },
          collection_id: collection.id,
        }),
      ]
      for (const message of messages) await store.chat.addMessage(message)
      const sessions = await store.chat.listSessions()
      const reopened = await reopen()
      checkEqual(await reopened.chat.listSessions(), sessions, 'sessions after reopen')
      checkEqual(ids(sessions), [first.id, second.id], 'session order')
      checkEqual(await reopened.chat.listMessages(first.id, { limit: 50 }), messages, 'messages after reopen')
    },
  },
]
