import { createSignal, onCleanup, type Accessor } from 'solid-js'
import { ApiRequestError, errorDetail } from '../api/ApiRequestError'
import { getSyncStatus, type SyncStatus } from './syncApi'

const POLL_MS = 2_000

/**
 * One poll of `GET /api/v1/sync/status` for the whole app, shared by the app bar's indicator and the
 * Account page's Sync panel, so two views never disagree or double the requests. It runs while at
 * least one view uses it and the tab is visible; a hidden tab polls nothing. Equal answers do not
 * notify, so views (and their live regions) only change when the status does.
 */
const same = (a: SyncStatus | undefined, b: SyncStatus | undefined) => JSON.stringify(a) === JSON.stringify(b)
const [status, setStatus] = createSignal<SyncStatus | undefined>(undefined, { equals: same })
const [problem, setProblem] = createSignal<string | undefined>()
const [now, setNow] = createSignal(Date.now())

let users = 0
let timer: ReturnType<typeof setTimeout> | undefined
let polling: Promise<void> | undefined

function poll(): Promise<void> {
  polling ??= (async () => {
    try {
      setStatus(await getSyncStatus())
      setProblem(undefined)
    } catch (error) {
      // 404: this host has no background sync (or it is not wired yet); there is then nothing to show.
      if (error instanceof ApiRequestError && error.status === 404) setStatus(undefined)
      setProblem(errorDetail(error))
    } finally {
      setNow(Date.now())
      polling = undefined
    }
  })()
  return polling
}

function schedule(): void {
  if (timer !== undefined || users === 0 || document.hidden) return
  timer = setTimeout(() => {
    timer = undefined
    if (users === 0 || document.hidden) return
    void poll().finally(schedule)
  }, POLL_MS)
}

function onVisibilityChange(): void {
  if (document.hidden) {
    clearTimeout(timer)
    timer = undefined
  } else {
    void poll().finally(schedule)
  }
}

export interface SyncStatusView {
  /** The latest status; undefined before the first answer or where the host has no sync. */
  status: Accessor<SyncStatus | undefined>
  /** Why the last poll failed, if it did. */
  problem: Accessor<string | undefined>
  /** When the last poll ended: relative times ("2 minutes ago") move on with it. */
  now: Accessor<number>
}

/** Subscribes the calling component to the shared poll, for as long as it is mounted. */
export function useSyncStatus(): SyncStatusView {
  users += 1
  if (users === 1) document.addEventListener('visibilitychange', onVisibilityChange)
  // Each view asks at once: the app bar's indicator keeps the poll running, so a panel opened right
  // after a write would otherwise show the status of up to one poll before it ("Up to date" with the
  // write not sent yet).
  void poll().finally(schedule)
  onCleanup(() => {
    users -= 1
    if (users > 0) return
    document.removeEventListener('visibilitychange', onVisibilityChange)
    clearTimeout(timer)
    timer = undefined
  })
  return { status, problem, now }
}

/** A status just answered elsewhere ("Sync now"), shown at once rather than at the next poll. */
export function showSyncStatus(next: SyncStatus): void {
  setStatus(next)
  setProblem(undefined)
  setNow(Date.now())
}

/** Polls now: after signing in or out, the indicator appears or goes without waiting. */
export function refreshSyncStatus(): Promise<void> {
  return poll()
}
