import { describe, expect, it } from 'vitest'
import { recordKey } from '../accountRecordKeys'
import type { Store } from '../../store/Store'
import { countsOf, deviceOnlyData, DeviceOnlyKeys, isEmpty, keptData, keysOf } from './deviceOnlyData'

/** Only what deviceOnlyData reads of a store. */
function storeWith(data: {
  collections: string[]
  documents: Array<[string, string]>
  sessions: Record<string, string[]>
}): Pick<Store, 'collections' | 'documents' | 'chat'> {
  return {
    collections: { listCollections: async () => data.collections.map((id) => ({ id })) },
    documents: {
      listDocuments: async () => data.documents.map(([id, collection_id]) => ({ id, collection_id })),
    },
    chat: {
      listSessions: async () => Object.keys(data.sessions).map((id) => ({ id })),
      listMessages: async (sessionId: string) => (data.sessions[sessionId] ?? []).map((id) => ({ id })),
    },
  } as unknown as Pick<Store, 'collections' | 'documents' | 'chat'>
}

describe('deviceOnlyData', () => {
  const store = storeWith({
    collections: ['mine', 'shared', 'kept'],
    documents: [
      ['d-mine', 'mine'],
      ['d-shared', 'shared'],
      ['d-new-in-shared', 'shared'],
      ['d-kept', 'kept'],
    ],
    sessions: { 's-mine': ['m1', 'm2'], 's-shared': ['m3'] },
  })
  const inAccount = new Set([
    recordKey('collection', 'shared'),
    recordKey('document', 'd-shared'),
    recordKey('chat_session', 's-shared'),
  ])
  const kept = new DeviceOnlyKeys([recordKey('collection', 'kept'), recordKey('document', 'd-kept')])

  it('finds what the account lacks and this device has not kept already, a chat with its messages', async () => {
    const data = await deviceOnlyData(store, (key) => inAccount.has(key), kept)
    expect(data).toEqual({
      collections: ['mine'],
      documents: ['d-mine', 'd-new-in-shared'],
      sessions: ['s-mine'],
      messages: ['m1', 'm2'],
    })
    expect(countsOf(data)).toEqual({ collections: 1, documents: 2, chats: 1 })
    expect(isEmpty(data)).toBe(false)
    expect(keysOf(data)).toContain(recordKey('chat_message', 'm2'))
  })

  it('finds what was kept here and is here still, to send later; a kept record deleted since is not counted', async () => {
    const keptHere = new DeviceOnlyKeys([
      recordKey('collection', 'kept'),
      recordKey('document', 'd-kept'),
      recordKey('chat_session', 's-mine'),
      recordKey('collection', 'deleted-since'),
    ])
    const data = await keptData(store, keptHere)
    expect(data).toEqual({
      collections: ['kept'],
      documents: ['d-kept'],
      sessions: ['s-mine'],
      messages: ['m1', 'm2'],
    })
    expect(countsOf(data)).toEqual({ collections: 1, documents: 1, chats: 1 })
    expect(isEmpty(await keptData(store, new DeviceOnlyKeys()))).toBe(true)
  })

  it('finds nothing when the account has it all', async () => {
    const data = await deviceOnlyData(store, () => true, new DeviceOnlyKeys())
    expect(isEmpty(data)).toBe(true)
  })
})

describe('DeviceOnlyKeys', () => {
  it('holds back kept records and what is added to them later, and lets the rest through', () => {
    const kept = new DeviceOnlyKeys([recordKey('collection', 'c'), recordKey('chat_session', 's')])
    expect(kept.admits({ kind: 'collection', id: 'c', fields: { name: ['x'] } })).toBe(false)
    // A new document in the kept collection, then its later edit (without collection_id).
    expect(kept.admits({ kind: 'document', id: 'd', fields: { collection_id: ['c'] } })).toBe(false)
    expect(kept.admits({ kind: 'document', id: 'd', fields: { status: ['completed'] } })).toBe(false)
    expect(kept.admits({ kind: 'chat_message', id: 'm', fields: { session_id: ['s'] } })).toBe(false)
    expect(kept.admits({ kind: 'chat_session', id: 's2', fields: { collection_id: ['c'] } })).toBe(false)
    expect(kept.admits({ kind: 'document', id: 'e', fields: { collection_id: ['other'] } })).toBe(true)
    expect(kept.admits({ kind: 'settings', id: 'settings', fields: {} })).toBe(true)
    expect(kept.list()).toEqual(
      [
        recordKey('chat_message', 'm'),
        recordKey('chat_session', 's'),
        recordKey('chat_session', 's2'),
        recordKey('collection', 'c'),
        recordKey('document', 'd'),
      ].sort(),
    )
  })
})
