import type { Page } from '@playwright/test'

/**
 * Waits until the page's search index snapshot in IndexedDB covers `documents` documents, each with its
 * version (what a cold start then opens without reading any document again), and answers the ms waited.
 * The page saves its index once changes have settled (`ManagedIndex`: seconds after a folder's last
 * document); a tab closed before then opens with the snapshot of before the folder and reads every
 * document processed since. Read here as the app writes it: the `indexSnapshot` record's Blob, whose head
 * is a 4-byte length and the JSON of the covered documents (`encodeSnapshotHead`).
 */
export async function untilPageIndexSaved(page: Page, documents: number, limitMs: number): Promise<number> {
  const started = performance.now()
  for (;;) {
    const covered = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('quire')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      try {
        const record = await new Promise<{ bytes?: unknown } | undefined>((resolve, reject) => {
          const request = db.transaction('indexSnapshot').objectStore('indexSnapshot').get('index')
          request.onsuccess = () => resolve(request.result as { bytes?: unknown } | undefined)
          request.onerror = () => reject(request.error)
        })
        if (!(record?.bytes instanceof Blob) || record.bytes.size < 4) return 0
        const length = new DataView(await record.bytes.slice(0, 4).arrayBuffer()).getUint32(0, true)
        const head = JSON.parse(await record.bytes.slice(4, 4 + length).text()) as { covered?: unknown[] }
        return (head.covered ?? []).filter((entry) => Array.isArray(entry) && typeof entry[1] === 'string')
          .length
      } finally {
        db.close()
      }
    })
    const waited = performance.now() - started
    if (covered >= documents) return waited
    if (waited > limitMs) {
      throw new Error(
        `The page's index snapshot covers ${covered} of ${documents} documents after ${limitMs} ms`,
      )
    }
    await new Promise((done) => setTimeout(done, 500))
  }
}
