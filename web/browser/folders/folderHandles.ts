/**
 * The folders people picked, one handle per collection, in an IndexedDB database of their own (a handle
 * is structured-cloneable, and both the page, which asks for permission again, and the API worker,
 * which reads the folder, open it). Apart from Quire's Dexie database so that its schema and sync
 * never see a handle: a handle is a place on this device only.
 */
const DATABASE = 'quire-folder-handles'
const STORE = 'handles'

function open(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DATABASE, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('The folder handles could not be opened'))
  })
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
  factory?: IDBFactory,
): Promise<T> {
  const db = await open(factory)
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode)
      const request = act(transaction.objectStore(STORE))
      transaction.oncomplete = () => resolve(request.result)
      transaction.onerror = () => reject(transaction.error ?? new Error('The folder handle was not saved'))
      transaction.onabort = () => reject(transaction.error ?? new Error('The folder handle was not saved'))
    })
  } finally {
    db.close()
  }
}

export function saveFolderHandle(collectionId: string, handle: FileSystemDirectoryHandle): Promise<unknown> {
  return run('readwrite', (store) => store.put(handle, collectionId))
}

export async function loadFolderHandle(collectionId: string): Promise<FileSystemDirectoryHandle | undefined> {
  const found: unknown = await run('readonly', (store) => store.get(collectionId))
  return isDirectoryHandle(found) ? found : undefined
}

export function forgetFolderHandle(collectionId: string): Promise<unknown> {
  return run('readwrite', (store) => store.delete(collectionId))
}

/** Checks what is handed over (from the page, or read back) before it is used as a folder. */
export function isDirectoryHandle(value: unknown): value is FileSystemDirectoryHandle {
  return (
    typeof FileSystemDirectoryHandle !== 'undefined' &&
    value instanceof FileSystemDirectoryHandle &&
    value.kind === 'directory'
  )
}
