import { createUniqueId, For, Show } from 'solid-js'
import { Dialog } from '../ui/Dialog'
import { clearNotices, closeNotices, notices } from './noticeStore'

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The Notices list: each kept message whole, newest first, the unread ones marked "New" (they count as
 * read once the list closes). "Clear" empties it.
 */
export function NoticesDialog(props: { returnFocus: () => HTMLElement | undefined }) {
  const titleId = createUniqueId()
  let closeButton: HTMLButtonElement | undefined
  return (
    <Dialog
      labelledBy={titleId}
      onClose={closeNotices}
      initialFocus={() => closeButton}
      returnFocus={props.returnFocus}
      fallbackFocus={() => document.getElementById('main')}
      class="notices-dialog"
    >
      <h2 id={titleId} class="dialog-title">
        Notices
      </h2>
      <Show when={notices().length > 0} fallback={<p class="dialog-message">No notices.</p>}>
        <ol class="notices-list">
          <For each={notices()}>
            {(notice) => (
              <li class="notice">
                <p class="notice-head">
                  <Show when={!notice.read}>
                    <span class="notice-new">New</span>
                  </Show>
                  <time datetime={notice.at}>{WHEN.format(new Date(notice.at))}</time>
                </p>
                <p class="notice-text">{notice.text}</p>
              </li>
            )}
          </For>
        </ol>
      </Show>
      <div class="dialog-actions">
        <button type="button" class="button" disabled={notices().length === 0} onClick={clearNotices}>
          Clear
        </button>
        <button ref={closeButton} type="button" class="button button-primary" onClick={closeNotices}>
          Close
        </button>
      </div>
    </Dialog>
  )
}
