import { createSignal, createUniqueId, For, onCleanup, onMount, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import {
  checkFolder,
  getFolderStatus,
  serverFolderRoots,
  unfollowFolder,
  type FolderPlace,
  type FolderStatus,
} from '../api/foldersApi'
import { browserApiWorker } from '../../browser/api/startBrowserApi'
import { forgetFolderHandle, loadFolderHandle } from '../../browser/folders/folderHandles'
import { showToast } from '../toasts/toastStore'
import { FormAlert } from '../ui/FormAlert'
import { syncNow } from '../account/syncApi'
import { formatBytes } from '../documents/documentLabels'
import {
  checkedLabel,
  filesSummaryLabel,
  fileStateLabel,
  folderChangedLabel,
  progressLabel,
} from './folderLabels'
import { folderNews } from './folderNews'
import { createPullThen } from './pullThen'
import { allowFolderAgain, canFollowFolders, pickFolder } from './pickFolder'
import { ServerFolderForm } from './ServerFolderForm'
import './folderPanel.css'

export interface FolderPanelProps {
  collectionId: string
  /** A check changed the collection's documents: the page lists them again. */
  onChanged: () => void
  /** "Add a folder" where a folder cannot be followed: its files, uploaded once. */
  onFiles: (files: File[]) => void
}

/**
 * While the panel is on screen its status is live: asked for every second while a check runs or files
 * are processed, else every 3 s (a folder on the server is checked by the server when it changes), and
 * not at all while the tab is hidden. The browser sees no changes in a folder by itself: while the
 * panel shows a folder of this device, it is checked every 10 s, or ten times as long as the last check
 * took (a big folder is not read without pause). Closing the panel stops both.
 */
const BUSY_POLL_MS = 1000
const IDLE_POLL_MS = 3000
const LIVE_CHECK_MS = 10_000
/** "last checked 12 s ago" is read again this often. */
const AGE_TICK_MS = 5000

/**
 * The folder a collection follows (issue 43): follow one, see when it was last checked and each
 * file's state, check now, allow reading it again after a browser restart, stop following. Where the
 * browser cannot keep a folder ("Add a folder"), its files are added once, and it says so. Where a
 * sync server answers with folders it may read, a folder on the server can be followed instead: the
 * panel then shows the server's status, and its documents arrive by sync.
 */
export function FolderPanel(props: FolderPanelProps) {
  const titleId = createUniqueId()
  const [status, setStatus] = createSignal<FolderStatus | undefined>()
  /** Where the shown folder is followed. */
  const [place, setPlace] = createSignal<FolderPlace>('device')
  /** The sync server's roots for this person; undefined while unknown or where no server answers. */
  const [serverRoots, setServerRoots] = createSignal<readonly string[] | undefined>()
  const [loaded, setLoaded] = createSignal(false)
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal<string>()
  const [now, setNow] = createSignal(Date.now())
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  let input!: HTMLInputElement
  /** When this device's folder is next checked while the panel is open, and whether one runs. */
  let nextLiveCheck = Date.now() + LIVE_CHECK_MS
  let liveChecking = false

  /** A folder on the server changed documents: this device pulls them now, then lists them again. */
  const pullThenList = createPullThen(syncNow, () => {
    if (!stopped) props.onChanged()
  })

  /** Takes a status in; a check finished since the last one announces what it changed. */
  const take = (next: FolderStatus | undefined, where: FolderPlace = place()) => {
    const before = place() === where ? status() : undefined
    setPlace(where)
    setStatus(next)
    setLoaded(true)
    const news = folderNews(before, next)
    if (news.changes && next) showToast({ message: folderChangedLabel(next.folder, news.changes) })
    if (where === 'server' && news.documentsMoved) pullThenList()
    else if (news.changes) props.onChanged()
  }

  /** A check of this device's folder, as "Check now" but quietly: the status shows what it finds. */
  const liveCheck = () => {
    const current = status()
    if (liveChecking || busy() || place() !== 'device' || !current || current.state === 'no_access') return
    if (current.scanning || Date.now() < nextLiveCheck) return
    liveChecking = true
    const started = Date.now()
    void checkFolder(props.collectionId)
      .then((next) => {
        if (!stopped && place() === 'device') take(next, 'device')
      })
      .catch(() => undefined)
      .finally(() => {
        liveChecking = false
        nextLiveCheck = Date.now() + Math.max(LIVE_CHECK_MS, 10 * (Date.now() - started))
      })
  }

  const poll = async () => {
    if (document.hidden) return
    try {
      const here = await getFolderStatus(props.collectionId)
      // A folder on the server is asked for only where a server named folders it may read (with none,
      // it follows none).
      if (here || !serverRoots()?.length) take(here, 'device')
      else take(await getFolderStatus(props.collectionId, 'server'), 'server')
    } catch {
      // The next poll tries again; the panel keeps what it showed.
    }
    if (stopped) return
    liveCheck()
    const current = status()
    const busyNow = current?.scanning || current?.files.some((file) => file.state === 'processing')
    timer = setTimeout(() => void poll(), busyNow ? BUSY_POLL_MS : IDLE_POLL_MS)
  }
  // Hidden, polling stops (the next poll returns at once); shown again, it starts at once.
  const visibility = () => {
    if (!document.hidden && !stopped) pollSoon()
  }
  const pollSoon = () => {
    clearTimeout(timer)
    timer = setTimeout(() => void poll(), 200)
  }
  onMount(() => {
    void serverFolderRoots()
      .then(setServerRoots)
      .finally(() => void poll())
    document.addEventListener('visibilitychange', visibility)
  })
  const ageTimer = setInterval(() => setNow(Date.now()), AGE_TICK_MS)
  onCleanup(() => {
    stopped = true
    clearTimeout(timer)
    clearInterval(ageTimer)
    document.removeEventListener('visibilitychange', visibility)
  })

  const act = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await work()
    } catch (failure) {
      setError(errorDetail(failure))
    } finally {
      setBusy(false)
    }
  }

  const follow = () =>
    act(async () => {
      const handle = await pickFolder()
      if (!handle) return
      await browserApiWorker().followFolderHandle(props.collectionId, handle)
      // The first check runs in the API worker: the status (polled every second) shows its progress.
      setPlace('device')
      setStatus(await getFolderStatus(props.collectionId))
      props.onChanged()
      pollSoon()
    })

  const checkNow = () =>
    act(async () => {
      take(await checkFolder(props.collectionId, place()))
      pollSoon()
    })

  const allowAgain = () =>
    act(async () => {
      const handle = await loadFolderHandle(props.collectionId)
      if (!handle) throw new Error('This device no longer has the folder: follow it again')
      if (!(await allowFolderAgain(handle))) throw new Error('Reading the folder was not allowed')
      take(await checkFolder(props.collectionId))
    })

  const stop = () =>
    act(async () => {
      await unfollowFolder(props.collectionId, place())
      if (place() === 'device') await forgetFolderHandle(props.collectionId).catch(() => undefined)
      setStatus(undefined)
    })

  return (
    <section class="folder-panel" aria-labelledby={titleId} aria-busy={busy()}>
      <h2 id={titleId} class="doc-section-title">
        Folder
      </h2>
      <Show when={loaded()}>
        <Show
          when={status()}
          fallback={
            <>
              <Show
                when={canFollowFolders()}
                fallback={
                  <div class="folder-actions">
                    <p>
                      This browser cannot follow a folder: “Add a folder” adds its files once, and later
                      changes are not seen. Chrome and Edge can keep a collection in step with a folder.
                    </p>
                    <button type="button" class="button" onClick={() => input.click()}>
                      Add a folder
                    </button>
                    <input
                      ref={input}
                      type="file"
                      class="visually-hidden"
                      tabindex="-1"
                      aria-hidden="true"
                      {...{ webkitdirectory: true }}
                      onChange={() => {
                        props.onFiles([...(input.files ?? [])])
                        input.value = ''
                      }}
                    />
                  </div>
                }
              >
                <div class="folder-actions">
                  <p>
                    Keep this collection in step with a folder on this device: files added, changed, renamed
                    or removed there are seen when Quire opens, every few minutes while it is open, and when
                    you check.
                  </p>
                  <button type="button" class="button" disabled={busy()} onClick={() => void follow()}>
                    Follow a folder
                  </button>
                </div>
              </Show>
              <Show when={serverRoots()?.length ? serverRoots() : undefined}>
                {(roots) => (
                  <ServerFolderForm
                    collectionId={props.collectionId}
                    roots={roots()}
                    onFollowed={(followed) => {
                      take(followed, 'server')
                      props.onChanged()
                      pollSoon()
                    }}
                  />
                )}
              </Show>
            </>
          }
        >
          {(folder) => (
            <div class="folder-followed" data-folder-state={folder().state}>
              <p>
                Follows <strong>{folder().folder}</strong>
                {place() === 'server' ? ' on the server' : ''}
                <span aria-hidden="true"> · </span>
                <span
                  data-testid="folder-last-checked"
                  title={
                    folder().last_checked_at
                      ? new Date(folder().last_checked_at!).toLocaleString()
                      : undefined
                  }
                >
                  {checkedLabel(folder().last_checked_at, Math.max(now(), Date.now()))}
                </span>
              </p>
              <Show when={folder().state === 'missing'}>
                <p class="folder-warning" role="status">
                  The folder is missing (an unplugged drive, or moved?). Nothing is removed until it is back.
                </p>
              </Show>
              <Show when={folder().state === 'no_access' && place() === 'device'}>
                <p class="folder-warning" role="status">
                  The browser forgets permission to read a folder when it restarts. Allow it again to keep
                  this collection in step with “{folder().folder}”.
                </p>
                <button type="button" class="button button-primary" onClick={() => void allowAgain()}>
                  Allow reading “{folder().folder}”
                </button>
              </Show>
              <Show when={folder().progress}>
                {(progress) => (
                  <p class="folder-progress">
                    <progress
                      value={progress().done}
                      max={Math.max(progress().total, 1)}
                      aria-label="Checking the folder"
                    />{' '}
                    <span>{progressLabel(progress())}</span>
                  </p>
                )}
              </Show>
              <div class="folder-actions">
                <button
                  type="button"
                  class="button"
                  disabled={busy() || folder().scanning}
                  onClick={() => void checkNow()}
                >
                  {folder().scanning ? 'Checking…' : 'Check now'}
                </button>
                <button
                  type="button"
                  class="button button-quiet"
                  disabled={busy()}
                  onClick={() => void stop()}
                >
                  Stop following
                </button>
              </div>
              <details class="folder-files">
                <summary>{filesSummaryLabel(folder())}</summary>
                {/* Name and state are two boxes (folderPanel.css): a long name wraps in its own. */}
                <ul aria-label="Files of the folder">
                  <For each={folder().files}>
                    {(file) => (
                      <li class="folder-file" data-folder-file={file.path} data-state={file.state}>
                        <span class="folder-file-path">{file.path}</span>{' '}
                        <span class="folder-file-size" data-testid="folder-file-size">
                          {formatBytes(file.size)}
                        </span>{' '}
                        <span class={`folder-file-state folder-file-${file.state}`}>
                          {fileStateLabel(file)}
                        </span>
                      </li>
                    )}
                  </For>
                  <For each={folder().skipped}>
                    {(file) => (
                      <li class="folder-file" data-folder-file={file.path} data-state="skipped">
                        <span class="folder-file-path">{file.path}</span>{' '}
                        <span class="folder-file-state folder-file-skipped">Skipped: {file.reason}</span>
                      </li>
                    )}
                  </For>
                </ul>
              </details>
            </div>
          )}
        </Show>
      </Show>
      <FormAlert message={error()} />
    </section>
  )
}
