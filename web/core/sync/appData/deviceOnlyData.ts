import type { Store } from '../../store/Store'
import type { LocalChange } from '../SyncClient'
import { recordKey } from '../accountRecordKeys'
import { ALL_MESSAGES } from './syncValues'
import { SYNC_KIND } from './syncKinds'

/** The records of a device's own data, by sync kind: what a choice after sign-in acts on. */
export interface DeviceData {
  collections: string[]
  documents: string[]
  sessions: string[]
  /** The messages of those sessions (counted with their chat, never on their own). */
  messages: string[]
}

/** The counts a person is shown (the account's `LocalDataCounts`). */
export function countsOf(data: DeviceData): { collections: number; documents: number; chats: number } {
  return {
    collections: data.collections.length,
    documents: data.documents.length,
    chats: data.sessions.length,
  }
}

export function isEmpty(data: DeviceData): boolean {
  return data.collections.length + data.documents.length + data.sessions.length === 0
}

/** Every sync key of `data`. */
export function keysOf(data: DeviceData): string[] {
  return [
    ...data.collections.map((id) => recordKey(SYNC_KIND.collection, id)),
    ...data.documents.map((id) => recordKey(SYNC_KIND.document, id)),
    ...data.sessions.map((id) => recordKey(SYNC_KIND.session, id)),
    ...data.messages.map((id) => recordKey(SYNC_KIND.message, id)),
  ]
}

/**
 * This device's collections, documents (processed or not) and chats that `inAccount` does not know
 * and that are not kept here already (`keptHere`): the data a sign-in asks about. A document in such
 * a collection counts as a document of its own; a chat's messages go with it.
 */
export function deviceOnlyData(
  store: Pick<Store, 'collections' | 'documents' | 'chat'>,
  inAccount: (key: string) => boolean,
  keptHere: DeviceOnlyKeys,
): Promise<DeviceData> {
  return dataWhere(store, (key) => !inAccount(key) && !keptHere.has(key))
}

/**
 * What a person kept on this device only that this device still has (a kept record deleted since stays
 * in `keptHere` but is not counted): what "send to my account" sends.
 */
export function keptData(
  store: Pick<Store, 'collections' | 'documents' | 'chat'>,
  keptHere: DeviceOnlyKeys,
): Promise<DeviceData> {
  return dataWhere(store, (key) => keptHere.has(key))
}

/** This device's collections, documents and chats (with their messages) whose sync key `wanted` takes. */
async function dataWhere(
  store: Pick<Store, 'collections' | 'documents' | 'chat'>,
  wanted: (key: string) => boolean,
): Promise<DeviceData> {
  const fresh = (kind: string, id: string) => wanted(recordKey(kind, id))
  const data: DeviceData = { collections: [], documents: [], sessions: [], messages: [] }
  for (const collection of await store.collections.listCollections()) {
    if (fresh(SYNC_KIND.collection, collection.id)) data.collections.push(collection.id)
  }
  for (const document of await store.documents.listDocuments()) {
    if (fresh(SYNC_KIND.document, document.id)) data.documents.push(document.id)
  }
  for (const session of await store.chat.listSessions()) {
    if (!fresh(SYNC_KIND.session, session.id)) continue
    data.sessions.push(session.id)
    for (const message of await store.chat.listMessages(session.id, { limit: ALL_MESSAGES })) {
      data.messages.push(message.id)
    }
  }
  return data
}

/** A wrapped sync field's value (`[v]`), or undefined. */
function unwrapped(field: unknown): unknown {
  return Array.isArray(field) ? (field[0] as unknown) : undefined
}

/**
 * The records a person chose to keep on this device only ("keep" after a sign-in): never sent to the
 * account. What is added to them later stays here with them: a document or a chat made in such a
 * collection, a message in such a chat (another device could not show it without its parent).
 */
export class DeviceOnlyKeys {
  private readonly keys: Set<string>

  constructor(keys: Iterable<string> = []) {
    this.keys = new Set(keys)
  }

  has(key: string): boolean {
    return this.keys.has(key)
  }

  get size(): number {
    return this.keys.size
  }

  add(keys: Iterable<string>): void {
    for (const key of keys) this.keys.add(key)
  }

  /** What is stored (`syncState`), in a stable order. */
  list(): string[] {
    return [...this.keys].sort()
  }

  /**
   * Whether a local change may be sent. A new record whose parent is kept here is kept here too
   * (remembered, so its later edits stay here as well).
   */
  admits(change: Pick<LocalChange, 'kind' | 'id' | 'fields'>): boolean {
    const key = recordKey(change.kind, change.id)
    if (this.keys.has(key)) return false
    const parent = this.parentOf(change)
    if (parent && this.keys.has(parent)) {
      this.keys.add(key)
      return false
    }
    return true
  }

  private parentOf({ kind, fields }: Pick<LocalChange, 'kind' | 'fields'>): string | undefined {
    const id = (name: string) => {
      const value = unwrapped(fields[name])
      return typeof value === 'string' ? value : undefined
    }
    if (kind === SYNC_KIND.document || kind === SYNC_KIND.session) {
      const collection = id('collection_id')
      return collection ? recordKey(SYNC_KIND.collection, collection) : undefined
    }
    if (kind === SYNC_KIND.message) {
      const session = id('session_id')
      return session ? recordKey(SYNC_KIND.session, session) : undefined
    }
    return undefined
  }
}
