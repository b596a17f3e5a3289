import { watch, type FSWatcher } from 'node:fs'

export interface WatchedFolders {
  /** The folders followed now: the collection's id and the folder on disk (already checked against the roots). */
  followed(): Promise<Array<{ collectionId: string; path: string }>>
  /** A followed folder changed (debounced): check it. */
  changed(collectionId: string): void
  logError(error: unknown): void
  /** Quiet time after the last change before the check (a copy of many files is one check). */
  debounceMs?: number
  /** How often the followed folders are listed again (a folder followed or unfollowed meanwhile). */
  refreshMs?: number
}

/**
 * Watches the folders people follow on the server (Node's recursive `fs.watch`, Linux from Node 20): a
 * change checks the folder once things are quiet for a moment. The timer's rescan stays the safety net
 * (watchers miss changes on network drives, and while the server was down). Returns a stop function.
 */
export function watchFolders(options: WatchedFolders): () => void {
  const debounceMs = options.debounceMs ?? 2000
  const watchers = new Map<string, { path: string; watcher: FSWatcher; timer?: NodeJS.Timeout }>()
  let stopped = false

  const unwatch = (collectionId: string) => {
    const entry = watchers.get(collectionId)
    if (!entry) return
    clearTimeout(entry.timer)
    entry.watcher.close()
    watchers.delete(collectionId)
  }

  const refresh = async () => {
    const followed = await options.followed()
    if (stopped) return
    const now = new Map(followed.map((folder) => [folder.collectionId, folder.path]))
    for (const [collectionId, entry] of watchers) {
      if (now.get(collectionId) !== entry.path) unwatch(collectionId)
    }
    for (const [collectionId, path] of now) {
      if (watchers.has(collectionId)) continue
      let watcher: FSWatcher
      try {
        watcher = watch(path, { recursive: true, persistent: false })
      } catch {
        continue // Missing now (an unplugged drive): the timer's check says so, the next refresh retries.
      }
      const entry: { path: string; watcher: FSWatcher; timer?: NodeJS.Timeout } = { path, watcher }
      watcher.on('change', () => {
        clearTimeout(entry.timer)
        entry.timer = setTimeout(() => options.changed(collectionId), debounceMs)
        entry.timer.unref()
      })
      // The folder went away under the watcher: drop it; the next refresh watches it again once it is back.
      watcher.on('error', () => unwatch(collectionId))
      watchers.set(collectionId, entry)
    }
  }

  void refresh().catch(options.logError)
  const timer = setInterval(() => void refresh().catch(options.logError), options.refreshMs ?? 30_000)
  timer.unref()
  return () => {
    stopped = true
    clearInterval(timer)
    for (const collectionId of [...watchers.keys()]) unwatch(collectionId)
  }
}
