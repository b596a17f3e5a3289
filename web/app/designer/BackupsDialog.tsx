import { createResource, createSignal, createUniqueId, For, Match, Show, Switch } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { Dialog } from '../ui/Dialog'
import { ScrollTable } from '../ui/ScrollTable'
import { listPageBackups, type PageBackupSummary } from './designerApi'

const when = (timestamp: string) => new Date(timestamp).toLocaleString()
const modules = (count: number) => (count === 1 ? '1 module' : `${count} modules`)

/**
 * The page's backups, newest first (the last 20: the person's own and those Quire takes before each
 * publish and each restore), each restorable behind a confirmation. A restore saves the page at once
 * (the server backs up what it replaces first); the designer also makes it one step in its undo history.
 */
export function BackupsDialog(props: {
  pageId: string
  pageName: string
  /** Restores and saves; may reject, and the confirmation then stays open with the error. */
  onRestore: (backup: PageBackupSummary) => Promise<void>
  onClose: () => void
}) {
  const titleId = createUniqueId()
  const leadId = createUniqueId()
  const [backups] = createResource(
    () => props.pageId,
    (id) => listPageBackups(id),
  )
  const [confirming, setConfirming] = createSignal<PageBackupSummary>()

  // The confirmation is the dialog's sibling, not its child: each modal then traps only its own keys.
  return (
    <>
      <Dialog labelledBy={titleId} describedBy={leadId} onClose={() => props.onClose()}>
        <h2 id={titleId} class="dialog-title">
          Backups of {props.pageName}
        </h2>
        <p id={leadId} class="field-hint">
          Quire keeps the last 20: yours (Back up) and one before each publish and each restore. Restoring
          saves the page with the backup’s modules at once, after backing up the page as saved now; Undo then
          brings back the design you had.
        </p>
        <Switch>
          <Match when={backups.error}>
            <p class="form-alert" role="alert">
              {errorDetail(backups.error)}
            </p>
          </Match>
          <Match when={backups.loading}>
            <p role="status">Loading backups…</p>
          </Match>
          <Match when={backups()?.length === 0}>
            <p role="status">No backups yet.</p>
          </Match>
          <Match when={backups()}>
            {(list) => (
              <ScrollTable
                class="doc-table"
                caption="Backups, newest first"
                columns={['Taken', 'Label', 'Modules', { hidden: 'Action' }]}
              >
                <For each={list()}>
                  {(backup) => (
                    <tr>
                      <td>
                        <time datetime={backup.created_at}>{when(backup.created_at)}</time>
                      </td>
                      <td>{backup.label}</td>
                      <td>{modules(backup.module_count)}</td>
                      <td>
                        <button
                          type="button"
                          class="button button-small"
                          aria-label={`Restore ${backup.label}, ${when(backup.created_at)}`}
                          onClick={() => setConfirming(backup)}
                        >
                          Restore
                        </button>
                      </td>
                    </tr>
                  )}
                </For>
              </ScrollTable>
            )}
          </Match>
        </Switch>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={() => props.onClose()}>
            Close
          </button>
        </div>
      </Dialog>
      <Show when={confirming()} keyed>
        {(backup) => (
          <ConfirmDialog
            title={`Restore “${backup.label}”?`}
            confirmLabel="Restore and save"
            onConfirm={() => props.onRestore(backup)}
            onCancel={() => setConfirming(undefined)}
          >
            <p>
              The page is saved at once with this backup’s {modules(backup.module_count)}, from{' '}
              {when(backup.created_at)}. The page as saved now is backed up first (“Before restore”), and Undo
              brings back the design you had, unsaved.
            </p>
          </ConfirmDialog>
        )}
      </Show>
    </>
  )
}
