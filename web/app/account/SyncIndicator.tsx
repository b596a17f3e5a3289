import { Link } from '@tanstack/solid-router'
import { createEffect, createMemo, createSignal, on, Show } from 'solid-js'
import './syncIndicator.css'
import { useSyncStatus } from './syncStatusStore'
import {
  announceSyncHealth,
  describeSyncState,
  shortSyncLabel,
  syncHealth,
  type SyncHealth,
} from './syncStatusText'

/**
 * The app bar's sync status while signed in: a dot and a word, linking to the Account page's Sync panel.
 * Hidden when no one is signed in (state `off`) or the host has no sync. Screen readers hear only
 * changes of health (failing, offline, working again), never each round or each count: rounds run every
 * few seconds while someone types, and announcing them would drown everything else.
 */
export function SyncIndicator() {
  const { status } = useSyncStatus()
  const shown = createMemo(() => {
    const current = status()
    return current && current.state !== 'off' ? current : undefined
  })
  const label = createMemo(() => {
    const current = shown()
    return current ? shortSyncLabel(current) : ''
  })
  const [announcement, setAnnouncement] = createSignal('')
  let previous: SyncHealth | undefined
  createEffect(
    on(
      () => syncHealth(status()),
      (health) => {
        // The first health seen is the baseline (nothing changed yet); signing out resets it.
        if (health && previous && health !== previous) setAnnouncement(announceSyncHealth(health))
        if (!health) setAnnouncement('')
        previous = health
      },
    ),
  )

  return (
    <>
      <Show when={shown()}>
        {(current) => (
          <Link
            to="/account"
            class="sync-indicator"
            data-state={current().state}
            data-pending={current().pending > 0 ? 'true' : undefined}
            title={describeSyncState(current())}
          >
            <span class="sync-dot" aria-hidden="true" />
            <span class="visually-hidden">Sync status: </span>
            {label()}
          </Link>
        )}
      </Show>
      <span class="visually-hidden" aria-live="polite">
        {announcement()}
      </span>
    </>
  )
}
