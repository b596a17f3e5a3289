import { Show } from 'solid-js'
import { NoticesDialog } from './NoticesDialog'
import { notices, noticesOpen, openNotices, unreadNotices } from './noticeStore'
import './notices.css'

/**
 * The app bar's way to the Notices list, there once something has been kept in it: "Notices" and how many
 * are unread (issue 70: a long warning covered the sidebar; it is now one toast line and kept here).
 */
export function NoticesButton() {
  let button: HTMLButtonElement | undefined
  const label = () => {
    const unread = unreadNotices()
    return unread === 0 ? 'Notices' : `Notices, ${unread} unread`
  }
  return (
    <>
      <Show when={notices().length > 0}>
        <button
          ref={button}
          type="button"
          class="button button-small notices-button"
          aria-label={label()}
          aria-haspopup="dialog"
          onClick={openNotices}
        >
          Notices
          <Show when={unreadNotices() > 0}>
            <span class="notices-count" aria-hidden="true">
              {unreadNotices()}
            </span>
          </Show>
        </button>
      </Show>
      <Show when={noticesOpen()}>
        <NoticesDialog returnFocus={() => button} />
      </Show>
    </>
  )
}
