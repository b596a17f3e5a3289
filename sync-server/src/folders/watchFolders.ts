import { watch, type FSWatcher } from 'node:fs'
import { watchedDirectories } from './watchedDirectories'

export interface WatchedFolders {
  /** The folders followed now: the collection's id and the folder on disk (already checked against the roots). */
  followed(): Promise<Array<{ collectionId: string; path: string }>>
  /** A followed folder changed: check it. The next check of the folder waits for this one to end. */
  changed(collectionId: string): Promise<void> | void
  logError(error: unknown): void
  /** Quiet time after the last change before the check (a copy of many files is one check). */
  debounceMs?: number
  /** A folder that never stops changing is still checked, this long after its first change at most. */
  maxWaitMs?: number
  /** The least time between the end of a folder's check and the start of the next one. */
  minIntervalMs?: number
  /** Past this many directories in a folder it is not watched: the timer's checks alone see its changes. */
  maxDirectories?: number
  /** How often the followed folders are listed again (a folder followed or unfollowed meanwhile). */
  refreshMs?: number
}

/**
 * After a check that took `t`, the next waits at least `t` times this: a folder changing without pause
 * costs a tenth of one core at most, however long its checks take.
 */
const IDLE_PER_BUSY = 9

interface Watched {
  path: string
  directories: Map<string, FSWatcher>
  timer?: NodeJS.Timeout
  /** The first change since the last check started, and the latest (ms since the epoch). */
  firstChange?: number
  lastChange: number
  checking: boolean
  /** When the next check may start at the earliest. */
  nextAllowed: number
  closed: boolean
}

/**
 * Watches the folders people follow on the server: one plain (non-recursive) `fs.watch` per directory,
 * found by walking the folder, up to `maxDirectories`. Node 20's recursive watch on Linux lists the
 * whole tree again at each change: a loop renaming files in a folder of 2,000 took it to 39 s of CPU
 * in 5 s and held the event loop 41 s; plain watchers took 1.2 s for 10,000 files and twice the
 * renames. Changes are coalesced per folder: one check at a time, after `debounceMs` of quiet (or
 * `maxWaitMs` after the first change, so constant change is still seen), and never sooner than
 * `minIntervalMs`, or nine times the last check's duration, after the last one ended. A new subfolder
 * is watched once the check its creation caused has run. The timer's rescan stays the safety net
 * (watchers miss changes on network drives, and while the server was down). Returns a stop function.
 */
export function watchFolders(options: WatchedFolders): () => void {
  const debounceMs = options.debounceMs ?? 2000
  const maxWaitMs = Math.max(debounceMs, options.maxWaitMs ?? 20_000)
  const minIntervalMs = options.minIntervalMs ?? 10_000
  const maxDirectories = options.maxDirectories ?? 1000
  const folders = new Map<string, Watched>()
  let stopped = false

  const unwatch = (collectionId: string) => {
    const entry = folders.get(collectionId)
    if (!entry) return
    entry.closed = true
    clearTimeout(entry.timer)
    for (const watcher of entry.directories.values()) watcher.close()
    folders.delete(collectionId)
  }

  // When the folder's next check is due: after the quiet time, capped by the longest wait, never before
  // the least interval.
  const due = (entry: Watched) =>
    Math.max(Math.min(entry.lastChange + debounceMs, (entry.firstChange ?? 0) + maxWaitMs), entry.nextAllowed)

  const arm = (collectionId: string, entry: Watched) => {
    if (entry.closed || entry.checking || entry.timer || entry.firstChange === undefined) return
    entry.timer = setTimeout(() => fire(collectionId, entry), Math.max(0, due(entry) - Date.now()))
    entry.timer.unref()
  }

  const fire = (collectionId: string, entry: Watched) => {
    entry.timer = undefined
    if (entry.closed) return
    // Changes went on meanwhile: wait on (one timer a folder, never one a change).
    if (due(entry) > Date.now()) return arm(collectionId, entry)
    void check(collectionId, entry)
  }

  const check = async (collectionId: string, entry: Watched) => {
    entry.checking = true
    entry.firstChange = undefined
    const started = Date.now()
    try {
      await options.changed(collectionId)
    } catch (error) {
      options.logError(error)
    }
    const ended = Date.now()
    entry.nextAllowed = ended + Math.max(minIntervalMs, (ended - started) * IDLE_PER_BUSY)
    // A subfolder made since is watched from now on (its creation was a change of its parent's).
    await watchDirectories(collectionId, entry).catch(options.logError)
    entry.checking = false
    arm(collectionId, entry)
  }

  const changedNow = (collectionId: string, entry: Watched) => {
    entry.lastChange = Date.now()
    entry.firstChange ??= entry.lastChange
    arm(collectionId, entry)
  }

  const watchDirectories = async (collectionId: string, entry: Watched) => {
    const directories = new Set((await watchedDirectories(entry.path, maxDirectories)) ?? [])
    if (entry.closed) return
    for (const [directory, watcher] of entry.directories) {
      if (directories.has(directory)) continue
      watcher.close()
      entry.directories.delete(directory)
    }
    for (const directory of directories) {
      if (entry.directories.has(directory)) continue
      let watcher: FSWatcher
      try {
        watcher = watch(directory, { persistent: false })
      } catch {
        continue // removed meanwhile
      }
      watcher.on('change', () => changedNow(collectionId, entry))
      // A directory removed under its watcher: a change of its parent's, whose check walks again.
      watcher.on('error', () => {
        watcher.close()
        if (entry.directories.get(directory) === watcher) entry.directories.delete(directory)
        changedNow(collectionId, entry)
      })
      entry.directories.set(directory, watcher)
    }
  }

  const refresh = async () => {
    const followed = await options.followed()
    if (stopped) return
    const now = new Map(followed.map((folder) => [folder.collectionId, folder.path]))
    for (const [collectionId, entry] of folders) {
      // Not followed any more, or its root gone (an unplugged drive): watched again once it is back.
      if (now.get(collectionId) !== entry.path || entry.directories.size === 0) unwatch(collectionId)
    }
    for (const [collectionId, path] of now) {
      if (folders.has(collectionId)) continue
      const entry: Watched = {
        path,
        directories: new Map(),
        lastChange: 0,
        checking: false,
        nextAllowed: 0,
        closed: false,
      }
      folders.set(collectionId, entry)
      await watchDirectories(collectionId, entry)
      if (stopped) return
    }
  }

  void refresh().catch(options.logError)
  const timer = setInterval(() => void refresh().catch(options.logError), options.refreshMs ?? 30_000)
  timer.unref()
  return () => {
    stopped = true
    clearInterval(timer)
    for (const collectionId of [...folders.keys()]) unwatch(collectionId)
  }
}
