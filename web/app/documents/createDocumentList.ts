import { batch, createComputed, createEffect, createMemo, onCleanup } from 'solid-js'
import { createStore, produce, reconcile } from 'solid-js/store'
import { errorDetail } from '../api/ApiRequestError'
import {
  deleteDocument,
  renameDocument,
  listDocuments,
  processDocument,
  uploadDocument,
  type QuireDocument,
} from '../api/documentsApi'
import { showToast } from '../toasts/toastStore'
import { askPersistentStorage } from '../settings/persistentStorage'
import { failureMessage, isActive } from './documentLabels'

/** A chosen file on its way to the API; it becomes a document row once the POST answers. */
export interface Upload {
  key: string
  name: string
  size: number
  state: 'waiting' | 'uploading' | 'failed'
  error?: string
}

const POLL_MS = 1000
/** Parallel uploads: enough to overlap the API's parsing of one file with the transfer of the next. */
const UPLOAD_CONCURRENCY = 3

/**
 * The documents of one collection, kept in step with the API: uploads run three at a time, and while any
 * document is pending or processing the list is fetched again every second (only then; the timer stops
 * with the owner, i.e. when the page is left). Finished and failed processing is announced as a toast.
 */
export function createDocumentList(collectionId: string, initial: () => readonly QuireDocument[]) {
  const [state, setState] = createStore<{ documents: QuireDocument[]; uploads: Upload[] }>({
    documents: [],
    uploads: [],
  })
  // Reconciled by id so rows, and any focus inside them, survive each poll.
  createComputed(() => setState('documents', reconcile([...initial()], { key: 'id' })))

  // Bumped by every local change; a poll that started before one must not undo it (re-add a deleted row,
  // drop one that was just uploaded).
  let version = 0
  const files = new Map<string, File>()
  let nextKey = 1

  const active = createMemo(() => state.documents.some(isActive))

  const announce = (before: QuireDocument | undefined, after: QuireDocument) => {
    if (!before || !isActive(before) || isActive(after)) return
    if (after.status === 'completed') {
      showToast({ message: `“${after.original_filename}” is ready` })
    } else if (after.status === 'failed') {
      showToast({ message: `“${after.original_filename}” could not be processed: ${failureMessage(after)}` })
    }
  }

  const apply = (documents: QuireDocument[]) => {
    const previous = new Map(state.documents.map((document) => [document.id, { ...document }]))
    setState('documents', reconcile(documents, { key: 'id' }))
    for (const document of documents) announce(previous.get(document.id), document)
  }

  /** Puts one document (new or changed) into the list, newest first, without waiting for a poll. */
  const upsert = (document: QuireDocument) => {
    version++
    const before = state.documents.find((d) => d.id === document.id)
    setState(
      'documents',
      produce((list) => {
        const index = list.findIndex((d) => d.id === document.id)
        if (index >= 0) list[index] = document
        else list.unshift(document)
      }),
    )
    announce(before && { ...before }, document)
  }

  createEffect(() => {
    if (!active()) return
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      const started = version
      try {
        const documents = await listDocuments(collectionId, controller.signal)
        if (!controller.signal.aborted && started === version) apply(documents)
      } catch {
        // A missed poll is retried by the next one; the rows keep their last known state meanwhile.
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void tick(), POLL_MS)
    }
    timer = setTimeout(() => void tick(), POLL_MS)
    onCleanup(() => {
      controller.abort()
      clearTimeout(timer)
    })
  })

  const setUpload = (key: string, patch: Partial<Upload>) =>
    setState('uploads', (upload) => upload.key === key, patch)

  const pump = () => {
    let running = state.uploads.filter((upload) => upload.state === 'uploading').length
    for (const upload of state.uploads.filter((u) => u.state === 'waiting').reverse()) {
      if (running >= UPLOAD_CONCURRENCY) return
      running++
      void send(upload.key)
    }
  }

  const send = async (key: string) => {
    const file = files.get(key)
    if (!file) return
    setUpload(key, { state: 'uploading' })
    try {
      const document = await uploadDocument(file, collectionId)
      files.delete(key)
      // One update, so the file is never listed twice (as upload and as document) or not at all.
      batch(() => {
        setState('uploads', (uploads) => uploads.filter((upload) => upload.key !== key))
        upsert(document)
      })
    } catch (error) {
      const detail = errorDetail(error)
      files.delete(key)
      setUpload(key, { state: 'failed', error: detail })
      // The reason stays in the file's row; the toast only announces it (and outlives the page, so someone
      // who moved on while uploading still hears about it).
      showToast({ message: `“${file.name}” was not uploaded` })
    }
    pump()
  }

  return {
    documents: () => state.documents,
    uploads: () => state.uploads,
    /** Lists every file at once (newest first, like the API) and sends them in the order chosen. */
    upload(chosen: readonly File[]) {
      // Over 50 MB at once: the browser is asked to keep Quire's data (said if refused); uploads go on.
      void askPersistentStorage(
        'upload',
        chosen.reduce((total, file) => total + file.size, 0),
      )
      const added = chosen.map((file): Upload => {
        const key = `upload-${nextKey++}`
        files.set(key, file)
        return { key, name: file.name, size: file.size, state: 'waiting' }
      })
      setState('uploads', (uploads) => [...added.reverse(), ...uploads])
      pump()
    },
    dismissUpload(key: string) {
      files.delete(key)
      setState('uploads', (uploads) => uploads.filter((upload) => upload.key !== key))
    },
    async remove(document: QuireDocument) {
      await deleteDocument(document.id)
      version++
      setState('documents', (list) => list.filter((d) => d.id !== document.id))
    },
    /** Renames a document; the row shows the name the API answered with. */
    async rename(document: QuireDocument, name: string) {
      const renamed = await renameDocument(document.id, name)
      upsert(renamed)
      return renamed
    },
    /** Fetches the list again (a folder check added, changed or removed documents). */
    async refresh() {
      const started = version
      const documents = await listDocuments(collectionId)
      if (started === version) apply(documents)
    },
    /** Processes a failed document again, with the password it asked for. */
    async retry(document: QuireDocument, password: string) {
      upsert(await processDocument(document.id, password))
    },
  }
}

export type DocumentList = ReturnType<typeof createDocumentList>
