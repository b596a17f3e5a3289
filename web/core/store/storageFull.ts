/**
 * Where a host's storage is full, recognised however it is reported: Node's `ENOSPC` (no space left on
 * the device) or `EDQUOT` (the disk quota), the browser's `QuotaExceededError` (a DOMException), or
 * Dexie's wrapping of one (its own `QuotaExceededError`, or an aborted transaction whose `inner` error
 * was the quota). Walks `inner` and `cause` a few levels, no further (a hostile cycle ends there).
 */
export type StorageFull = 'disk' | 'quota'

export function storageFull(error: unknown): StorageFull | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, name, inner, cause } = current as {
      code?: unknown
      name?: unknown
      inner?: unknown
      cause?: unknown
    }
    if (code === 'ENOSPC' || code === 'EDQUOT') return 'disk'
    if (name === 'QuotaExceededError') return 'quota'
    current = inner ?? cause
  }
  return undefined
}

/** What happened and what to do, for an answer (507) or a document's `metadata.error`. */
export const STORAGE_FULL_MESSAGE: Record<StorageFull, string> = {
  disk: 'The server’s storage is full, so this was not stored; what was stored before is kept and readable. Ask the server’s operator to free disk space (or delete documents you no longer need), then try again.',
  quota:
    'This browser’s storage for Quire is full, so this was not stored; what was stored before is kept. Free space by deleting documents or collections you no longer need (or other sites’ data in the browser’s settings), then try again.',
}
