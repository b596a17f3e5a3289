import { batch, createComputed, createEffect, createMemo, onCleanup } from 'solid-js'
import { createStore, produce, reconcile } from 'solid-js/store'
import { errorDetail } from '../api/ApiRequestError'
import {
  deleteDocument,
  renameDocument,
  listDocuments,
  processDocument,
  uploadDocument,
  type OnDuplicate,
  type QuireDocument,
} from '../api/documentsApi'
import { askPersistentStorage } from '../settings/persistentStorage'
import { uploadNewsFor } from './createUploadNews'
import { isActive, scanProgressLabel } from './documentLabels'

/** A chosen file on its way to the API; it becomes a document row once the POST answers. */
export interface Upload {
  key: string
  name: string
  size: number
  /**
   * `duplicate`: its content is already in the collection, and the person is asked what to do (nothing was
   * made yet); `skipped`: left out, as they chose or because another file of the same batch had its content.
   */
  state: 'waiting' | 'uploading' | 'failed' | 'duplicate' | 'skipped'
  error?: string
  /** `duplicate` and `skipped`: the name of the document with the same content. */
  sameAs?: string
  /** `skipped` because a file chosen with it had the same content (not asked: it is the same file twice). */
  sameBatch?: boolean
}

/** Whether an upload still waits for something: to be sent, to arrive, or for the person's choice. */
export function isPendingUpload(upload: Pick<Upload, 'state'>): boolean {
  return upload.state === 'waiting' || upload.state === 'uploading' || upload.state === 'duplicate'
}

const POLL_MS = 1000
/** Parallel uploads: enough to overlap the API's parsing of one file with the transfer of the next. */
const UPLOAD_CONCURRENCY = 3

/**
 * The documents of one collection, kept in step with the API: uploads run three at a time, and while any
 * document is pending or processing, or has scanned pages still being read, the list is fetched again every second (only then; the timer stops
 * with the owner, i.e. when the page is left). Finished and failed processing is announced in one toast
 * line (`createUploadNews`: "3 of 14 ready").
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

  // A searchable document whose scanned pages are still read is followed too: its passages grow.
  const active = createMemo(() =>
    state.documents.some((document) => isActive(document) || scanProgressLabel(document) !== undefined),
  )
  const news = uploadNewsFor(collectionId)
  // What finished while the page was closed counts for the batch it belongs to.
  createComputed(() => news.caughtUp(initial()))

  const announce = (before: QuireDocument | undefined, after: QuireDocument) => {
    if (!before || !isActive(before) || isActive(after)) return
    if (after.status === 'completed' || after.status === 'failed') news.finished(after)
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

  // What happens to content already in the collection: asked per file unless the person chose one answer for
  // every duplicate of the batch (`forAll`); a file sent again after their answer carries it (`answers`).
  const answers = new Map<string, OnDuplicate>()
  let forAll: OnDuplicate | undefined
  /** Documents this batch made: a later file of the batch with the same content is skipped, not asked about. */
  const madeByBatch = new Set<string>()

  const skip = (key: string, sameAs: string, sameBatch: boolean) => {
    files.delete(key)
    answers.delete(key)
    setUpload(key, { state: 'skipped', sameAs, sameBatch })
    news.skipped()
  }

  const pump = () => {
    const uploading = state.uploads.filter((upload) => upload.state === 'uploading')
    let running = uploading.length
    // Files of one size are sent one after another: the same file twice in a batch then finds the first's
    // document rather than racing it into two.
    const sizes = new Set(uploading.map((upload) => upload.size))
    for (const upload of state.uploads.filter((u) => u.state === 'waiting').reverse()) {
      if (running >= UPLOAD_CONCURRENCY) return
      if (sizes.has(upload.size)) continue
      sizes.add(upload.size)
      running++
      void send(upload.key)
    }
  }

  const send = async (key: string) => {
    const file = files.get(key)
    if (!file) return
    setUpload(key, { state: 'uploading' })
    try {
      const document = await uploadDocument(file, collectionId, { onDuplicate: answers.get(key) ?? 'skip' })
      if (document.duplicate?.action === 'skipped') {
        const sameBatch = madeByBatch.has(document.id)
        if (sameBatch || forAll === 'skip') skip(key, document.original_filename, sameBatch)
        else if (forAll) {
          answers.set(key, forAll)
          setUpload(key, { state: 'waiting' })
        } else setUpload(key, { state: 'duplicate', sameAs: document.original_filename })
        pump()
        return
      }
      files.delete(key)
      answers.delete(key)
      madeByBatch.add(document.id)
      news.uploaded(document.id)
      // One update, so the file is never listed twice (as upload and as document) or not at all.
      batch(() => {
        setState('uploads', (uploads) => uploads.filter((upload) => upload.key !== key))
        upsert(document)
      })
      // Finished already (a host that processes before it answers): counted now, no change will come.
      if (!isActive(document)) news.finished(document)
    } catch (error) {
      const detail = errorDetail(error)
      files.delete(key)
      setUpload(key, { state: 'failed', error: detail })
      // The reason stays in the file's row; the toast only announces it (and outlives the page, so someone
      // who moved on while uploading still hears about it).
      news.notUploaded(file.name, detail)
    }
    pump()
  }

  return {
    documents: () => state.documents,
    uploads: () => state.uploads,
    /** Lists every file at once (newest first, like the API) and sends them in the order chosen. */
    upload(chosen: readonly File[]) {
      if (!state.uploads.some(isPendingUpload)) {
        forAll = undefined
        madeByBatch.clear()
      }
      news.chosen(chosen.length)
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
    /** Files whose content is already in the collection, waiting for the person's answer, first chosen first. */
    duplicates: () => state.uploads.filter((upload) => upload.state === 'duplicate').reverse(),
    /**
     * The person's answer for one file whose content is already here, or for every such file of the batch
     * (`all`: those waiting now and those still to come): skip it, keep both, or replace the document there.
     */
    answerDuplicate(key: string, answer: OnDuplicate, all: boolean) {
      if (all) forAll = answer
      const keys = all ? state.uploads.filter((u) => u.state === 'duplicate').map((u) => u.key) : [key]
      for (const each of keys) {
        const upload = state.uploads.find((u) => u.key === each)
        if (upload?.state !== 'duplicate') continue
        if (answer === 'skip') skip(each, upload.sameAs ?? '', false)
        else {
          answers.set(each, answer)
          setUpload(each, { state: 'waiting' })
        }
      }
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
