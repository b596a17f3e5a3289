import type { SyncStatus } from './syncApi'

/** The Sync panel's sentence for the state: what a person needs to know, not the loop's internals. */
export function describeSyncState(status: SyncStatus): string {
  switch (status.state) {
    case 'idle':
      return 'Up to date'
    case 'syncing':
      return 'Syncing…'
    case 'offline':
      return 'Offline — changes are kept and sent when back online'
    case 'error':
      return `Sync failed: ${status.error ?? 'unknown error'}`
    case 'off':
      return 'Not syncing'
  }
}

export function pendingText(pending: number): string {
  if (pending === 0) return 'No changes waiting to be sent'
  return `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to be sent`
}

/**
 * The app bar's word for the status, short enough for a phone's top bar. Trouble comes first; changes
 * waiting are shown over "Synced" since they are what a person may want to see sent.
 */
export function shortSyncLabel(status: SyncStatus): string {
  switch (status.state) {
    case 'error':
      return 'Sync error'
    case 'offline':
      return status.pending > 0 ? `Offline, ${status.pending} pending` : 'Offline'
    case 'syncing':
      return 'Syncing'
    case 'off':
      return 'Not syncing'
    case 'idle':
      return status.pending > 0 ? `${status.pending} pending` : 'Synced'
  }
}

/** What is worth announcing: only these changes are read out, not every round or count. */
export type SyncHealth = 'ok' | 'offline' | 'error'

export function syncHealth(status: SyncStatus | undefined): SyncHealth | undefined {
  if (!status || status.state === 'off') return undefined
  if (status.state === 'error') return 'error'
  if (status.state === 'offline') return 'offline'
  return 'ok'
}

export function announceSyncHealth(health: SyncHealth): string {
  if (health === 'error') return 'Sync failed. See Account for details.'
  if (health === 'offline') return 'Sync offline. Changes are kept and sent when back online.'
  return 'Sync is working again.'
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
]

/** "just now", "3 minutes ago", "yesterday": how long before `now` the ISO time `iso` was. */
export function formatRelativeTime(iso: string, now: number, locale?: string): string {
  const elapsed = now - Date.parse(iso)
  if (!Number.isFinite(elapsed)) return iso
  // Negative too: a round may end a moment after the page read its clock.
  if (elapsed < 10_000) return 'just now'
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit)
  }
  return 'just now'
}

/** The exact time, for a title next to the relative one. */
export function formatExactTime(iso: string, locale?: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' })
}
