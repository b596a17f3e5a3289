import type { Store } from '../../../web/core/store/Store'
import { overridePort } from '../../../web/core/store/overridePort'
import type { UserSpace, UserSpaces } from '../spaces/UserSpaces'
import type { ClusterBus } from './ClusterBus'

/** `sync`: a person's sync log grew to cursor `c` (their event streams on other instances wake). */
export interface SyncMessage {
  u: string
  c: number
}

/** `index`: a document's chunks changed (`d`), or a collection went (`col`): indexes held elsewhere follow. */
export type IndexMessage = { u: string; d: string } | { u: string; col: string }

export interface SpaceChanges {
  /**
   * The person's plain store, announcing what changes a search index: chunks replaced (processing,
   * cancelling, a pushed document applied), a document or collection deleted. Announced after the
   * write resolved, so whoever re-reads it sees it.
   */
  announcing(userId: string, store: Store): Store
  /** Publishes the space's new sync cursors; returns the function that stops it (the space's close). */
  attach(space: Pick<UserSpace, 'userId' | 'sync'>): () => void
  stop(): void
}

/**
 * Keeps what each instance holds in memory for a person (their sync event streams' notifier, their
 * search index) in step with what other instances write, over the cluster bus. Only spaces open on
 * this instance are touched: one opened later reads everything from the database anyway.
 *
 * After the bus reconnects (messages may have been missed) every open space re-reads its sync cursor
 * and its index's documents from the database. A document deleted during the outage stays in the
 * index until the space reopens; searches skip chunks whose rows are gone.
 */
export function shareSpaceChanges(
  bus: ClusterBus,
  spaces: UserSpaces,
  logError: (error: unknown) => void,
): SpaceChanges {
  // Set while a cursor heard on the bus is handed to a notifier, so it is not published back.
  let relaying = false
  const publish = (topic: string, message: SyncMessage | IndexMessage) => {
    bus.publish(topic, message).catch(logError)
  }
  // One person's index updates in the order heard: two re-reads of one document never land swapped.
  const queues = new Map<string, Promise<void>>()
  const inOrder = (userId: string, work: () => Promise<void>) => {
    const next = (queues.get(userId) ?? Promise.resolve()).then(work).catch(logError)
    queues.set(userId, next)
    void next.then(() => {
      if (queues.get(userId) === next) queues.delete(userId)
    })
  }
  const reindexDocument = async (space: UserSpace, documentId: string) => {
    const index = space.runtime.ports.index
    // An index not in memory (ManagedIndex unloaded, not loading) reads the store when it loads.
    if (!inMemory(index)) return
    const chunks = await space.runtime.ports.store.chunks.listChunks({ documentId })
    await index.replaceDocument(documentId, chunks)
  }

  const stops = [
    bus.subscribe<SyncMessage>('sync', (message) => {
      spaces.ifOpen(message.u)?.then((space) => {
        relaying = true
        try {
          space.sync.notifier.changed(message.c)
        } finally {
          relaying = false
        }
      }, logError)
    }),
    bus.subscribe<IndexMessage>('index', (message) => {
      const opening = spaces.ifOpen(message.u)
      if (!opening) return
      inOrder(message.u, async () => {
        const space = await opening
        if ('col' in message) space.runtime.ports.index.removeCollection(message.col)
        else await reindexDocument(space, message.d)
      })
    }),
    bus.onReconnect(() => {
      void spaces.openNow().then((open) => {
        for (const space of open) {
          inOrder(space.userId, async () => {
            space.sync.notifier.changed(await space.sync.store.latestSeq())
            for (const document of await space.runtime.ports.store.documents.listDocuments()) {
              await reindexDocument(space, document.id)
            }
          })
        }
      }, logError)
    }),
  ]

  return {
    announcing(userId, store) {
      // Only the writes that change an index are replaced; every other call goes to the store itself.
      const chunks = overridePort(store.chunks, {
        async replaceChunks(documentId, replacement) {
          await store.chunks.replaceChunks(documentId, replacement)
          publish('index', { u: userId, d: documentId })
        },
        async addChunks(documentId, added) {
          await store.chunks.addChunks(documentId, added)
          publish('index', { u: userId, d: documentId })
        },
      })
      const documents = overridePort(store.documents, {
        async deleteDocument(id) {
          const deleted = await store.documents.deleteDocument(id)
          if (deleted) publish('index', { u: userId, d: id })
          return deleted
        },
      })
      const collections = overridePort(store.collections, {
        async deleteCollection(id) {
          const deleted = await store.collections.deleteCollection(id)
          if (deleted) publish('index', { u: userId, col: id })
          return deleted
        },
      })
      return overridePort(store, { chunks, documents, collections })
    },
    attach(space) {
      return space.sync.notifier.subscribe((cursor) => {
        if (!relaying) publish('sync', { u: space.userId, c: cursor })
      })
    },
    stop() {
      for (const stop of stops) stop()
    },
  }
}

/** False for an index that says it is unloaded and idle (ManagedIndex); any other index is in memory. */
function inMemory(index: object): boolean {
  const state = index as { isLoaded?: unknown; busy?: unknown }
  return state.isLoaded !== false || state.busy === true
}
