import type { Store } from '../store/Store'

/** How often, and how long, a withdrawal the store refused is tried again. */
export const WITHDRAW_RETRY_MS = 2_000
export const WITHDRAW_GIVE_UP_MS = 10 * 60_000

/**
 * Takes back a document whose upload is answered with an error after its record was stored (its job
 * could not be created: the database went away between the two). The person was told it failed and
 * may send it again, so it must not stay: neither a second copy once they do, nor a document left
 * `processing` with no job to end it. When the store refuses the delete too (still away), it is tried
 * again in the background until the store answers, for ten minutes at most; should the host stop
 * first, its next start finds the document unfinished and processes it, as after any crash.
 */
export async function withdrawDocument(
  store: Pick<Store, 'documents'>,
  documentId: string,
  logError: (error: unknown) => void,
  timing = { retryMs: WITHDRAW_RETRY_MS, giveUpMs: WITHDRAW_GIVE_UP_MS },
): Promise<void> {
  const giveUpAt = Date.now() + timing.giveUpMs
  const attempt = async (): Promise<boolean> => {
    try {
      await store.documents.deleteDocument(documentId)
      return true
    } catch {
      return false
    }
  }
  if (await attempt()) return
  const retry = () => {
    setTimeout(() => {
      attempt().then((done) => {
        if (done) return
        if (Date.now() < giveUpAt) retry()
        else logError(new Error(`Document ${documentId} of a refused upload could not be taken back`))
      }, logError)
    }, timing.retryMs)
  }
  retry()
}
