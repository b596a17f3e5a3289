import type { LocalDataPort } from '../../core/account/LocalDataPort'
import type { AccountState, SyncAccount } from '../../core/account/SyncAccount'
import { ApiError } from '../../core/kernel/ApiError'
import type { ChunkRecord } from '../../core/store/ChunkRecord'
import type { FileStore } from '../../core/store/FileStore'
import type { Store } from '../../core/store/Store'
import type { ApiPorts } from '../../core/api/ApiPorts'
import { blobKeysOf } from '../../core/sync/appData/blobKeysOf'
import { accountRecordKeys, recordKey } from '../../core/sync/accountRecordKeys'
import { captureExisting } from '../../core/sync/appData/captureExisting'
import {
  countsOf,
  deviceOnlyData,
  DeviceOnlyKeys,
  isEmpty,
  keptData,
  keysOf,
} from '../../core/sync/appData/deviceOnlyData'
import { conflictKey, conflictViews } from '../../core/sync/appData/conflictViews'
import { SyncApplier } from '../../core/sync/appData/SyncApplier'
import { SyncedStore } from '../../core/sync/appData/SyncedStore'
import { SYNC_KIND } from '../../core/sync/appData/syncKinds'
import type { SyncSink } from '../../core/sync/appData/SyncSink'
import { HlcClock } from '../../core/sync/Hlc'
import { BlobMissingError, httpBlobTransfer } from '../../core/sync/httpBlobTransfer'
import { httpSyncTransport } from '../../core/sync/httpSyncTransport'
import { SyncClient } from '../../core/sync/SyncClient'
import { openConflicts } from '../../core/sync/SyncRecord'
import { SYNC_STATUS_OFF, SyncLoop, type SyncStatus } from '../../core/sync/SyncLoop'
import type { Mutation } from '../../core/sync/SyncServer'
import { DexieSyncClientStore } from '../store/DexieSyncClientStore'
import type { QuireDatabase } from '../store/QuireDatabase'
import { readSyncEvents } from './readSyncEvents'
import { remoteChangeAnnouncer } from './remoteChanges'

export interface BrowserSyncOptions {
  db: QuireDatabase
  /** The plain Dexie store: pulled changes are applied to it, not through the SyncedStore. */
  store: Store
  files: FileStore
  account: () => SyncAccount
  logError: (error: unknown) => void
}

export interface BrowserSync {
  /** The store the routes and the ingest write through: each write is queued in the outbox. */
  store: Store
  /** Starts applying pulled changes (keeping `index` in step) and syncing when signed in. */
  connect(index: {
    add(chunks: readonly ChunkRecord[]): void
    removeDocument(id: string): void
  }): Promise<void>
  /** For `ports.syncStatus`. */
  status(): Promise<SyncStatus>
  syncNow(): Promise<SyncStatus>
  /** For `ports.syncConflicts`. */
  conflicts: NonNullable<ApiPorts['syncConflicts']>
  /** SyncAccount's `beforeSignOut`: one last round, so what waits in the outbox reaches the account. */
  flush(): Promise<void>
  /** SyncAccount's `onChange`: starts on sign-in, stops on sign-out. */
  accountChanged(state: AccountState): Promise<void>
  /** After sign-out: forget the replica, so the next sign-in offers this device's data as new. */
  reset(): Promise<void>
  /** SyncAccount's `localData`: the question a sign-in asks about this device's own data. */
  localData: LocalDataPort
}

/** A sign-in waiting for the person's choice about this device's data (`syncState` `local_choice`). */
interface WaitingChoice {
  owner: string
  counts: { collections: number; documents: number; chats: number }
}

function isWaiting(value: unknown): value is WaitingChoice {
  return typeof value === 'object' && value !== null && typeof (value as WaitingChoice).owner === 'string'
}

/** Whom a replica belongs to: the server and the account's user. */
function ownerOf(state: AccountState): string | undefined {
  return state.signed_in && state.user ? `${state.server_url} ${state.user.id}` : undefined
}

/** A failure that means "cannot reach the server": the account's 502, or fetch's TypeError. */
function isOffline(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof ApiError && error.status === 502)
}

/**
 * The browser's sync engine: every local write (through the SyncedStore) is queued in the Dexie
 * outbox, even while signed out; while signed in, a SyncLoop pushes and pulls in the background,
 * after writes, on the server's events, every 30 s, and with backoff after failures. Before a
 * document's record is pushed its file and chunk blob are uploaded; a pulled document's blobs are
 * downloaded before it is applied, so it is searchable here without being processed again.
 *
 * The replica belongs to one account (`account` in its state): signing in to another resets it.
 * Before a replica is bound to an account, a device holding collections, documents or chats the
 * account does not have (read with plain pulls, `accountRecordKeys`) does not sync: the sign-in asks
 * the person (`localData`) to merge them, keep them on this device only, or discard them. Kept ones
 * are remembered (`device_only`, through sign-outs) and never sent, nor what is added to them later,
 * until the person sends them after all (`sendKept`): then they are captured as a merge's are.
 * Once per replica, after its first full pull, the device's data that sync does not know yet (from
 * before sign-in, or before a reset) is captured, so it reaches the account; records the account
 * already had stay as the server has them.
 */
export function browserSync(options: BrowserSyncOptions): BrowserSync {
  const { db, store, files, logError } = options
  const replica = new DexieSyncClientStore(db)
  let applier: SyncApplier | undefined
  let client: Promise<SyncClient> | undefined
  let loop: SyncLoop | undefined

  // Every sync request goes through the account: its token, refreshed when due or refused once.
  const request = ((input: RequestInfo | URL, init?: RequestInit) =>
    options.account().authorizedFetch(String(input), init)) as typeof fetch
  const transport = httpSyncTransport({ baseUrl: '', token: () => undefined, fetch: request })
  const blobs = httpBlobTransfer({ baseUrl: '', token: () => undefined, fetch: request })
  const announce = remoteChangeAnnouncer()
  /** Blobs known to be on the server, so a round does not ask again. */
  const uploaded = new Set<string>()

  async function uploadBlobs(mutations: readonly Mutation[]): Promise<void> {
    for (const { change } of mutations) {
      // A document's file and chunk blob, a plugin's package files.
      for (const key of blobKeysOf(change)) {
        if (uploaded.has(key)) continue
        const bytes = await files.get(key)
        // Gone here since (the document was deleted): its later delete is in the outbox too.
        if (bytes) await blobs.upload(key, bytes)
        uploaded.add(key)
      }
    }
  }

  function makeClient(): Promise<SyncClient> {
    return (async () => {
      let clientId = (await replica.state('client_id')) as string | undefined
      if (!clientId) {
        clientId = crypto.randomUUID()
        await replica.setState('client_id', clientId)
      }
      const clock = new HlcClock(clientId, () => Date.now())
      return new SyncClient({
        clientId,
        store: replica,
        transport,
        clock,
        beforePush: uploadBlobs,
        onRemoteChange: async (record) => {
          await applier?.apply(record)
          announce()
        },
        onRemoteForget: async (kind, id) => {
          await applier?.forget(kind, id)
          announce()
        },
      })
    })()
  }
  const currentClient = () => (client ??= makeClient())

  let deviceOnly: DeviceOnlyKeys | undefined
  /** Read once, then kept in memory: every local write asks it. */
  async function keptHere(): Promise<DeviceOnlyKeys> {
    if (!deviceOnly) {
      const stored = await replica.state('device_only')
      deviceOnly ??= new DeviceOnlyKeys(Array.isArray(stored) ? (stored as string[]) : [])
    }
    return deviceOnly
  }
  async function saveKeptHere(): Promise<void> {
    await replica.setState('device_only', (await keptHere()).list())
  }

  const sink: SyncSink = {
    async changes(changes) {
      const kept = await keptHere()
      const before = kept.size
      const sent = changes.filter((change) => kept.admits(change))
      if (kept.size !== before) await saveKeptHere()
      if (sent.length === 0) return
      await (await currentClient()).changes(sent)
      loop?.nudge()
    },
    async remove(kind, id) {
      if ((await keptHere()).has(recordKey(kind, id))) return
      await (await currentClient()).remove(kind, id)
      loop?.nudge()
    },
  }

  /** This device's data the account does not have; `strict`: throw when the server cannot be asked. */
  async function deviceData(strict: boolean) {
    let inAccount: (key: string) => boolean
    try {
      const keys = await accountRecordKeys(transport)
      inAccount = (key) => keys.has(key)
    } catch (error) {
      if (strict) throw error
      // Unknown: everything here counts, so the person is asked rather than their data sent unasked.
      logError(error)
      inAccount = () => false
    }
    return deviceOnlyData(store, inAccount, await keptHere())
  }

  /**
   * Signed in to `state`'s account: whether sync may start now. It may once the replica is bound to
   * that account; else, with data here the account lacks, the question waits (and sync with it).
   */
  async function readyToSync(state: AccountState): Promise<boolean> {
    const owner = ownerOf(state)
    if (!owner) return false
    if ((await replica.state('account')) === owner) return true
    const waiting = await replica.state('local_choice')
    if (isWaiting(waiting) && waiting.owner === owner) return false
    const data = await deviceData(false)
    if (!isEmpty(data)) {
      await replica.setState('local_choice', { owner, counts: countsOf(data) } satisfies WaitingChoice)
      return false
    }
    await replica.setState('account', owner)
    return true
  }

  /**
   * Takes records out of what waits to be sent (and the replica): their queued mutations go, the
   * rest are numbered again without gaps from the first unsent counter (the server applies a
   * client's counters in order and stops at a gap; nothing of this replica was sent yet).
   */
  async function unqueue(keys: ReadonlySet<string>): Promise<void> {
    const outbox = await replica.outbox()
    const first = outbox[0]?.counter
    const staying = outbox.filter((m) => !keys.has(recordKey(m.change.kind, m.change.id)))
    if (first !== undefined && staying.length !== outbox.length) {
      await replica.replaceOutbox(staying.map((m, i) => ({ counter: first + i, change: m.change })))
      await replica.setState('counter', first + staying.length - 1)
    }
    for (const record of await replica.allRecords()) {
      if (keys.has(recordKey(record.kind, record.id))) await replica.deleteRecord(record.kind, record.id)
    }
  }

  const localData: LocalDataPort = {
    async pending() {
      const waiting = await replica.state('local_choice')
      return isWaiting(waiting) ? waiting.counts : null
    },
    async choose(choice) {
      const waiting = await replica.state('local_choice')
      const owner = ownerOf(await options.account().state())
      if (!isWaiting(waiting) || waiting.owner !== owner || !owner) return false
      if (choice !== 'merge') {
        const data = await deviceData(true)
        const keys = new Set(keysOf(data))
        if (choice === 'keep') {
          ;(await keptHere()).add(keys)
          await saveKeptHere()
        } else {
          if (!applier) throw new ApiError(503, 'This device is still starting: try again in a moment')
          // Chats first, then documents, then collections (each with what hangs off it), as the routes do.
          for (const id of data.sessions) await applier.forget(SYNC_KIND.session, id)
          for (const id of data.documents) await applier.forget(SYNC_KIND.document, id)
          for (const id of data.collections) await applier.forget(SYNC_KIND.collection, id)
          announce()
        }
        await unqueue(keys)
      }
      await replica.setState('local_choice', null)
      await replica.setState('account', owner)
      startLoop()
      return true
    },
    async kept() {
      const kept = await keptHere()
      if (kept.size === 0) return null
      const data = await keptData(store, kept)
      return isEmpty(data) ? null : countsOf(data)
    },
    async sendKept() {
      const owner = ownerOf(await options.account().state())
      // Into the account this replica syncs with only: a sign-in's question that waits comes first.
      if (!owner || (await replica.state('account')) !== owner) return false
      if ((await localData.kept()) === null) return false
      // The merge path: no longer kept, these records are data sync does not know yet, which the
      // next round captures and sends (as after answering "merge"), with what was added to them since.
      deviceOnly = new DeviceOnlyKeys()
      await saveKeptHere()
      await replica.setState('captured', false)
      if (loop) loop.nudge()
      else startLoop()
      return true
    },
  }

  async function round(): Promise<void> {
    const state = await options.account().state()
    if (!state.signed_in || !state.user) return
    const owner = `${state.server_url} ${state.user.id}`
    const bound = await replica.state('account')
    if (bound !== undefined && bound !== owner) await reset()
    if (bound !== owner) await replica.setState('account', owner)
    const syncing = await currentClient()
    await syncing.sync()
    if (!(await replica.state('captured'))) {
      const quiet: SyncSink = {
        changes: (changes) => syncing.changes(changes),
        remove: (...a) => syncing.remove(...a),
      }
      const kept = await keptHere()
      await captureExisting(
        store,
        files,
        quiet,
        async (kind, id) => kept.has(recordKey(kind, id)) || !!(await replica.getRecord(kind, id)),
      )
      await replica.setState('captured', true)
      await syncing.sync()
    }
  }

  async function reset(): Promise<void> {
    // What the person kept on this device stays kept: it belongs to no account.
    const kept = (await keptHere()).list()
    await replica.reset()
    if (kept.length > 0) await replica.setState('device_only', kept)
    client = undefined
    uploaded.clear()
  }

  async function dismissed(): Promise<Set<string>> {
    const ids = await replica.state('dismissed_conflicts')
    return new Set(Array.isArray(ids) ? (ids as string[]) : [])
  }

  /** The open conflict `conflictId` names: its record and losing field value. */
  async function findConflict(conflictId: string) {
    const [kind, id] = conflictId.split(' ')
    if (!kind || !id) return undefined
    const record = await replica.getRecord(kind, id)
    if (!record) return undefined
    const open = openConflicts(record).find((c) => conflictKey({ ...record, ...c }) === conflictId)
    return open && !(await dismissed()).has(conflictId)
      ? { ...record, field: open.field, value: open.value }
      : undefined
  }

  function startLoop(): void {
    // Not before `connect`: a round would pull records with nothing to apply them (sign-in can come
    // while the search index is still being built); `connect` starts the loop if signed in by then.
    if (loop || !applier) return
    loop = new SyncLoop({
      round,
      pending: () => replica.outboxSize(),
      listen: async (onChanged, signal) => {
        await readSyncEvents(await request('/api/v1/sync/events', { signal }), onChanged)
      },
      isOnline: () => navigator.onLine,
      isOffline,
      serverUrl: () => null,
    })
    loop.start()
  }

  async function stopLoop(): Promise<void> {
    const running = loop
    loop = undefined
    await running?.stop()
  }

  return {
    store: new SyncedStore(store, sink, files, logError),
    async connect(index) {
      applier = new SyncApplier({
        store,
        files,
        index,
        blobs: {
          async fetch(key) {
            try {
              return await blobs.download(key)
            } catch (error) {
              if (error instanceof BlobMissingError) return undefined
              throw error
            }
          },
        },
        currentUserId: async () => (await options.account().me()).id,
        logError,
      })
      self.addEventListener('online', () => loop?.nudge())
      const state = await options.account().state()
      if (state.signed_in && (await readyToSync(state))) startLoop()
    },
    async status() {
      if (!loop) return { ...SYNC_STATUS_OFF, pending: await replica.outboxSize() }
      const status = await loop.status()
      return { ...status, server_url: (await options.account().state()).server_url }
    },
    async syncNow() {
      if (!loop) throw new ApiError(409, 'Sign in to a sync server to sync')
      const status = await loop.syncNow()
      return { ...status, server_url: (await options.account().state()).server_url }
    },
    conflicts: {
      async list() {
        return conflictViews(await replica.allRecords(), await dismissed())
      },
      async restore(conflictId) {
        const record = await findConflict(conflictId)
        if (!record) return false
        const syncing = await currentClient()
        const merged = await syncing.change(record.kind, record.id, { [record.field]: record.value })
        await applier?.apply(merged)
        announce()
        loop?.nudge()
        return true
      },
      async dismiss(conflictId) {
        if (!(await findConflict(conflictId))) return false
        await replica.setState('dismissed_conflicts', [...(await dismissed()), conflictId])
        return true
      },
    },
    async flush() {
      await loop?.syncNow()
    },
    async accountChanged(state) {
      if (!state.signed_in) return stopLoop()
      // Before `connect`, nothing is asked yet: `connect` does it (the loop could not start anyway).
      if (applier && (await readyToSync(state))) startLoop()
    },
    async reset() {
      await stopLoop()
      await reset()
    },
    localData,
  }
}
