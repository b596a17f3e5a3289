import { browserApiWorker } from './startBrowserApi'

/**
 * Deletes Quire's data on this device (collections, documents, chats, settings, downloaded models) through
 * the API worker, which owns the database: deleting it from the page would wait forever on the worker's
 * open connection. The worker's store is closed afterwards, so the caller reloads the page, which starts a
 * fresh worker on an empty database.
 */
export async function clearLocalData(): Promise<void> {
  await browserApiWorker().clearAll()
}
