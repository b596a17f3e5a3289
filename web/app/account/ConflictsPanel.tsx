import { createEffect, createSignal, For, on, onCleanup, Show } from 'solid-js'
import { ApiRequestError, errorDetail } from '../api/ApiRequestError'
import { showToast } from '../toasts/toastStore'
import { ConflictItem } from './ConflictItem'
import './conflicts.css'
import { dismissConflict, listConflicts, restoreConflict, type ConflictView } from './conflictsApi'
import { conflictHeading } from './conflictText'
import { useSyncStatus } from './syncStatusStore'
import { FormAlert } from '../ui/FormAlert'

/**
 * Changes that lost to a later change on another device (issue 8), under the Sync panel while signed
 * in. Quiet when there are none: the section only appears once there is something to decide. The list
 * is read again whenever a sync round ends (the shared status' `last_synced_at` moves), since a round
 * is what brings new conflicts; restore and dismiss answer the list after them, which is shown as is.
 */
export function ConflictsPanel() {
  const { status, now } = useSyncStatus()
  const [items, setItems] = createSignal<readonly ConflictView[]>([])
  const [error, setError] = createSignal<string>()
  const [busy, setBusy] = createSignal(false)
  // Once a person has acted here, the section stays (saying none are left) rather than vanishing from
  // under their focus.
  const [acted, setActed] = createSignal(false)
  let heading: HTMLHeadingElement | undefined
  let loads = 0
  let controller: AbortController | undefined
  onCleanup(() => controller?.abort())

  const load = async () => {
    // Only the latest read is shown: a slow answer must not overwrite one that came after it.
    const mine = ++loads
    controller?.abort()
    controller = new AbortController()
    try {
      const next = await listConflicts(controller.signal)
      if (mine === loads) setItems(next)
    } catch (problem) {
      if (problem instanceof DOMException && problem.name === 'AbortError') return
      // 404: this host keeps no conflicts (no background sync); there is nothing to show.
      if (problem instanceof ApiRequestError && problem.status === 404) return
      if (mine === loads) setError(errorDetail(problem))
    }
  }

  createEffect(
    on(
      () => status()?.last_synced_at,
      () => void load(),
    ),
  )

  const act = async (conflict: ConflictView, action: 'restore' | 'dismiss') => {
    if (busy()) return
    setBusy(true)
    setError(undefined)
    loads += 1 // an older read in flight no longer counts
    try {
      const next = await (action === 'restore' ? restoreConflict : dismissConflict)(conflict.conflict_id)
      setActed(true)
      setItems(next)
      showToast({
        message:
          action === 'restore'
            ? `Brought back the replaced value of ${conflictHeading(conflict)}.`
            : `Kept the current value of ${conflictHeading(conflict)}.`,
      })
      // The item and its buttons are gone: focus goes to the section's heading, not to the page's top.
      heading?.focus()
    } catch (problem) {
      setError(
        problem instanceof ApiRequestError && problem.status === 404
          ? 'That conflict was already resolved (here or by a sync). The list is up to date again.'
          : errorDetail(problem),
      )
      void load()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Show when={items().length > 0 || acted() || error()}>
      <section class="settings-section" aria-labelledby="account-conflicts-title">
        <h2 ref={heading} id="account-conflicts-title" class="settings-section-title" tabindex="-1">
          Sync conflicts
        </h2>
        <FormAlert message={error()} />
        <Show when={items().length > 0} fallback={<p class="field-hint">No conflicts left.</p>}>
          <p class="field-hint">
            Two devices changed the same thing. The later change is kept everywhere; the one it replaced is
            kept here, so you can bring it back.
          </p>
          <ul class="conflict-list">
            <For each={items()}>
              {(conflict) => (
                <ConflictItem
                  conflict={conflict}
                  now={now()}
                  busy={busy()}
                  onRestore={() => void act(conflict, 'restore')}
                  onDismiss={() => void act(conflict, 'dismiss')}
                />
              )}
            </For>
          </ul>
        </Show>
      </section>
    </Show>
  )
}
