import { describe, expect, it } from 'vitest'
import type { SyncStatus } from './syncApi'
import {
  describeSyncState,
  formatRelativeTime,
  pendingText,
  shortSyncLabel,
  syncHealth,
} from './syncStatusText'

const base: SyncStatus = {
  state: 'idle',
  last_synced_at: null,
  pending: 0,
  error: null,
  next_attempt_at: null,
  server_url: 'https://sync.example',
}

describe('sync status text', () => {
  it('words each state for the panel', () => {
    expect(describeSyncState(base)).toBe('Up to date')
    expect(describeSyncState({ ...base, state: 'syncing' })).toBe('Syncing…')
    expect(describeSyncState({ ...base, state: 'offline' })).toBe(
      'Offline — changes are kept and sent when back online',
    )
    expect(describeSyncState({ ...base, state: 'error', error: 'Sync request failed with 500' })).toBe(
      'Sync failed: Sync request failed with 500',
    )
  })

  it('counts changes waiting, singular and plural', () => {
    expect(pendingText(0)).toBe('No changes waiting to be sent')
    expect(pendingText(1)).toBe('1 change waiting to be sent')
    expect(pendingText(3)).toBe('3 changes waiting to be sent')
  })

  it('puts trouble before changes waiting in the short label', () => {
    expect(shortSyncLabel(base)).toBe('Synced')
    expect(shortSyncLabel({ ...base, pending: 4 })).toBe('4 pending')
    expect(shortSyncLabel({ ...base, state: 'error', pending: 4 })).toBe('Sync error')
    expect(shortSyncLabel({ ...base, state: 'offline', pending: 2 })).toBe('Offline, 2 pending')
    expect(shortSyncLabel({ ...base, state: 'syncing', pending: 2 })).toBe('Syncing')
  })

  it('treats syncing and waiting changes as healthy, so rounds are not announced', () => {
    expect(syncHealth(undefined)).toBeUndefined()
    expect(syncHealth({ ...base, state: 'off' })).toBeUndefined()
    expect(syncHealth({ ...base, state: 'syncing', pending: 3 })).toBe('ok')
    expect(syncHealth({ ...base, state: 'offline' })).toBe('offline')
    expect(syncHealth({ ...base, state: 'error' })).toBe('error')
  })

  it('says how long ago, in words', () => {
    const now = Date.parse('2025-03-10T12:00:00.000Z')
    const ago = (ms: number) => formatRelativeTime(new Date(now - ms).toISOString(), now, 'en')
    expect(ago(2_000)).toBe('just now')
    expect(ago(-2_000)).toBe('just now')
    expect(ago(45_000)).toBe('45 seconds ago')
    expect(ago(3 * 60_000 + 5_000)).toBe('3 minutes ago')
    expect(ago(2 * 3_600_000)).toBe('2 hours ago')
    expect(ago(26 * 3_600_000)).toBe('yesterday')
  })
})
