/** The part of `navigator.storage` this needs (a test's stand-in, or a browser's without it). */
export interface PersistPort {
  persisted?(): Promise<boolean>
  persist?(): Promise<boolean>
}

/** From this much at once (an upload of many files counts them together), the browser is asked. */
export const LARGE_WRITE_BYTES = 50 * 1024 * 1024

export const PERSIST_REFUSED =
  'The browser did not grant Quire persistent storage, so it may clear Quire’s data when this device runs low on space. Export your data now and then (Settings, Your data), sign in to a sync server, or install Quire (browsers usually grant it to installed apps). Settings, Storage shows where things stand.'

/**
 * Asks the browser for persistent storage before the first large write: any import (a whole
 * person's data at once), or an upload of over 50 MB in all. Best-effort storage is evicted when the
 * device runs low, and what a person put in only here would be lost; a granted request keeps it.
 * Asked at most once a page load, not when already granted; a refusal is said once, with what to do.
 * Never throws: the write goes ahead either way.
 */
export function createPersistentStorageAsk(
  storage: PersistPort | undefined,
  notify: (message: string) => void,
): (kind: 'import' | 'upload', bytes: number) => Promise<void> {
  let asked = false
  return async (kind, bytes) => {
    if (asked || !storage?.persist) return
    if (kind === 'upload' && bytes <= LARGE_WRITE_BYTES) return
    asked = true
    try {
      if (await storage.persisted?.()) return
      if (!(await storage.persist())) notify(PERSIST_REFUSED)
    } catch {
      // A browser that cannot be asked (some private modes): nothing to say beyond Settings, Storage.
    }
  }
}
