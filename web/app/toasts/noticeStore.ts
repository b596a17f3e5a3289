import { createSignal } from 'solid-js'

export interface Notice {
  id: string
  /** When it was said (ISO 8601). */
  at: string
  /** The one line a toast showed for it. */
  title: string
  /** All of it. */
  text: string
  read: boolean
}

/** Kept in this browser so that a notice raised before a reload can still be read after it. */
const STORAGE_KEY = 'quire.notices'
/** The newest ones; older notices have been read or stopped mattering. */
const KEPT = 30

function load(): Notice[] {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(parsed) ? parsed.filter(isNotice).slice(0, KEPT) : []
  } catch {
    // Storage refused (a private mode) or a value from elsewhere: the list starts empty.
    return []
  }
}

function isNotice(value: unknown): value is Notice {
  const notice = value as Partial<Notice> | null
  return (
    typeof notice?.id === 'string' &&
    typeof notice.at === 'string' &&
    typeof notice.title === 'string' &&
    typeof notice.text === 'string' &&
    typeof notice.read === 'boolean'
  )
}

/**
 * What a person may want to read later: messages too long for a toast (why the browser may clear Quire's
 * data, why a file could not be processed, an import's report). Newest first; the app bar's Notices button
 * counts the unread ones and opens the list.
 */
const [notices, setNoticeList] = createSignal<readonly Notice[]>(load())
const [noticesOpen, setNoticesOpen] = createSignal(false)

function save(next: readonly Notice[]): void {
  setNoticeList(next)
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(next))
  } catch {
    // Not kept past this page: the list still shows them now.
  }
}

export { notices, noticesOpen }

export const unreadNotices = (): number => notices().filter((notice) => !notice.read).length

let counter = 0

export function addNotice(notice: { title: string; text: string }, now = new Date()): Notice {
  const added: Notice = {
    id: `${now.getTime().toString(36)}-${(counter++).toString(36)}`,
    at: now.toISOString(),
    title: notice.title,
    text: notice.text,
    read: false,
  }
  save([added, ...notices()].slice(0, KEPT))
  return added
}

/** Opens the list (the app bar's button, a toast's "Read"); what it shows counts as read. */
export function openNotices(): void {
  setNoticesOpen(true)
}

export function closeNotices(): void {
  setNoticesOpen(false)
  if (notices().some((notice) => !notice.read)) save(notices().map((notice) => ({ ...notice, read: true })))
}

export function clearNotices(): void {
  save([])
}
