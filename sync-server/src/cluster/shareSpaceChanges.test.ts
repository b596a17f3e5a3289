import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../../../web/core/store/ChunkRecord'
import { newChunk, newCollection, newDocument } from '../../../web/core/testing/conformance/store/fixtures'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { UserSpaces, type UserSpace } from '../spaces/UserSpaces'
import { openSqlStore } from '../sql/openSqlStore'
import type { SqlStore } from '../sql/SqlStore'
import { SyncNotifier } from '../syncApi/SyncNotifier'
import { ClusterBus } from './ClusterBus'
import { shareSpaceChanges, type SpaceChanges } from './shareSpaceChanges'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const USER = '2b7e1516-28ae-4d2a-8f1b-000000000001'

/**
 * One instance as far as these messages go: its bus, its open spaces, each with a notifier as the
 * sync routes hold it and an index that records what it was told. Both instances' stores are one
 * database (one SQLite file here: what the messages say is only ever re-read from it).
 */
interface Node {
  bus: ClusterBus
  changes: SpaceChanges
  notifier: SyncNotifier
  indexed: Map<string, string[]>
  removedCollections: string[]
  store: SqlStore
  latestSeq: number
}

let database: TestDatabase
let dir: string
const nodes: Node[] = []

async function startNode(name: string): Promise<Node> {
  const bus = await ClusterBus.open({
    connection: { connectionString: database.url, application_name: name },
    reconnect: { minMs: 20, maxMs: 100 },
    onError: () => {},
  })
  const store = await openSqlStore(dir)
  const node = {
    bus,
    notifier: new SyncNotifier(),
    indexed: new Map(),
    removedCollections: [],
    store,
    latestSeq: 0,
  } as Omit<Node, 'changes'> as Node
  const index: Record<string, unknown> = {
    async replaceDocument(id: string, chunks: readonly ChunkRecord[]) {
      node.indexed.set(
        id,
        chunks.map((chunk) => chunk.id),
      )
    },
    removeCollection: (id: string) => node.removedCollections.push(id),
  }
  Object.assign(node, { index })
  const space = {
    userId: USER,
    sync: { notifier: node.notifier, store: { latestSeq: async () => node.latestSeq } },
    runtime: { ports: { store, index } },
  } as unknown as UserSpace
  const spaces = new UserSpaces(async () => space)
  await spaces.get(USER)
  node.changes = shareSpaceChanges(bus, spaces, (error) => {
    throw error
  })
  node.changes.attach(space)
  await bus.ready()
  nodes.push(node)
  return node
}

beforeAll(async () => {
  database = await createTestDatabase()
  dir = mkdtempSync(join(tmpdir(), 'quire-share-'))
})
afterAll(async () => {
  for (const node of nodes) {
    node.changes.stop()
    await node.bus.close()
    await node.store.close()
  }
  rmSync(dir, { recursive: true, force: true })
  await database.drop()
})

describe('shareSpaceChanges between two instances over one PostgreSQL', () => {
  it('wakes the sync streams held by the other instance, without echoing the cursor back', async () => {
    const a = await startNode('share_a')
    const b = await startNode('share_b')
    const heard = new pg.Client({ connectionString: database.url })
    await heard.connect()
    const messages: string[] = []
    heard.on('notification', (message) => messages.push(message.payload ?? ''))
    await heard.query('LISTEN quire_sync')
    try {
      const onA: number[] = []
      a.notifier.subscribe((cursor) => onA.push(cursor))
      b.notifier.changed(7)
      await expect.poll(() => onA).toEqual([7])
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(messages).toEqual([JSON.stringify({ u: USER, c: 7 })])
    } finally {
      await heard.end()
    }
  })

  it('makes the other instance re-read a document whose chunks changed, and drop what was deleted', async () => {
    const [a, b] = nodes as [Node, Node]
    const writer = b.changes.announcing(USER, b.store)
    const collection = await writer.collections.createCollection(newCollection())
    const document = await writer.documents.createDocument(newDocument(collection.id))
    const chunks = [newChunk(document, 0), newChunk(document, 1)]
    await writer.chunks.replaceChunks(document.id, chunks)
    await expect.poll(() => a.indexed.get(document.id)).toEqual(chunks.map((chunk) => chunk.id))
    expect(b.indexed.has(document.id)).toBe(false) // its own index is the writer's business

    await writer.documents.deleteDocument(document.id)
    await expect.poll(() => a.indexed.get(document.id)).toEqual([])
    await writer.collections.deleteCollection(collection.id)
    await expect.poll(() => a.removedCollections).toEqual([collection.id])
  })

  it('reads nothing for an index that is not in memory (it reads the store when it loads)', async () => {
    const [a, b] = nodes as [Node, Node]
    const index = (a as unknown as { index: { isLoaded?: boolean; busy?: boolean } }).index
    index.isLoaded = false
    index.busy = false
    try {
      const writer = b.changes.announcing(USER, b.store)
      const collection = await writer.collections.createCollection(newCollection())
      const document = await writer.documents.createDocument(newDocument(collection.id))
      await writer.chunks.replaceChunks(document.id, [newChunk(document, 0)])
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(a.indexed.has(document.id)).toBe(false)
    } finally {
      delete index.isLoaded
      delete index.busy
    }
  })

  it('after its bus reconnects, re-reads the sync cursor and every document it may have missed', async () => {
    const [a, b] = nodes as [Node, Node]
    const writer = b.changes.announcing(USER, b.store)
    const collection = await writer.collections.createCollection(newCollection())
    const document = await writer.documents.createDocument(newDocument(collection.id))
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    try {
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'share_a' AND datname = current_database()",
      )
    } finally {
      await admin.end()
    }
    // Written while a is deaf (the store directly: no message at all).
    const chunks = [newChunk(document, 0)]
    await b.store.chunks.replaceChunks(document.id, chunks)
    a.latestSeq = 42
    await expect
      .poll(() => a.indexed.get(document.id), { timeout: scaledTimeout(5000) })
      .toEqual([chunks[0]!.id])
    await expect.poll(() => a.notifier.cursor).toBe(42)
  })
})
