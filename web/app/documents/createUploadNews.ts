import type { QuireDocument } from '../api/documentsApi'
import { addNotice, openNotices } from '../toasts/noticeStore'
import { showToast, type ToastInput } from '../toasts/toastStore'
import { failureMessage, isActive } from './documentLabels'
import { batchSettled, uploadBatchLine, type UploadBatch } from './uploadBatchLine'

/** Where the news goes: the app's toasts and Notices (a test's stand-ins). */
export interface NewsPorts {
  showToast: (toast: ToastInput) => unknown
  addNotice: (notice: { title: string; text: string }) => unknown
}

/** While files are still on their way the line stays up; the last one goes after the usual time. */
const RUNNING_MS = 20_000
/** Opens the Notices list, where each failure's reason is kept. */
const READ = { label: 'Read', run: openNotices }

/**
 * What one collection's uploads and processing tell the person, as one toast line that updates (issue 70:
 * fourteen "… is ready" toasts stacked over a phone's screen). Files chosen together are a batch: "3 of 14
 * ready". A file on its own, or a document that finishes outside a batch (a retry, a folder's new file),
 * says its name. Why a file failed is in its row, and kept in the Notices list.
 */
export function createUploadNews(collectionId: string, say: NewsPorts = { showToast, addNotice }) {
  const { showToast: toast, addNotice: keep } = say
  const key = `documents:${collectionId}`
  let batch: UploadBatch = { total: 0, ready: 0, failed: 0 }
  /** The batch's documents, by id, while they are processed. */
  const members = new Set<string>()

  const sayBatch = () => {
    const done = batchSettled(batch)
    toast({
      key,
      message: uploadBatchLine(batch),
      durationMs: done ? 8000 : RUNNING_MS,
      action: batch.failed > 0 ? READ : undefined,
    })
  }

  /** One file's news: its name and outcome; why it failed is a notice. */
  const sayOne = (line: string, failed: boolean) =>
    toast({ key, message: line, notice: false, action: failed ? READ : undefined })

  const settle = (outcome: 'ready' | 'failed', line: string, reason?: string) => {
    if (outcome === 'ready') batch.ready++
    else batch.failed++
    if (reason !== undefined) keep({ title: line, text: `${line}: ${reason}` })
    if (batch.total === 1) sayOne(line, reason !== undefined)
    else sayBatch()
  }

  /** A document's processing ended (ready or failed). */
  const finished = (document: QuireDocument) => {
    const name = document.original_filename
    const failed = document.status === 'failed'
    const line = failed ? `“${name}” could not be processed` : `“${name}” is ready`
    const reason = failed ? failureMessage(document) : undefined
    if (members.delete(document.id)) return settle(failed ? 'failed' : 'ready', line, reason)
    if (reason !== undefined) keep({ title: line, text: `${line}: ${reason}` })
    sayOne(line, failed)
  }

  return {
    /** Files chosen: they join the batch under way, or begin a new one. */
    chosen(count: number) {
      if (batchSettled(batch)) {
        batch = { total: 0, ready: 0, failed: 0 }
        members.clear()
      }
      batch.total += count
    },
    /** A chosen file became a document: its processing counts for the batch. */
    uploaded(documentId: string) {
      members.add(documentId)
    },
    /** A chosen file was left out: its content was already in the collection. */
    skipped() {
      batch.skipped = (batch.skipped ?? 0) + 1
      if (batch.total > 1) sayBatch()
    },
    notUploaded(name: string, reason: string) {
      settle('failed', `“${name}” was not uploaded`, reason)
    },
    /**
     * The collection's documents, listed anew (its page opened again): the batch's documents that finished
     * while the page was closed, and so went unannounced, count now.
     */
    caughtUp(documents: readonly QuireDocument[]) {
      for (const document of documents)
        if (members.has(document.id) && !isActive(document)) finished(document)
    },
    finished,
  }
}

const opened = new Map<string, ReturnType<typeof createUploadNews>>()

/**
 * One collection's news for the whole app, not one per visit of its page: a person who leaves during a
 * 14-file upload and comes back still sees "14 of 14 ready", not a name per file.
 */
export function uploadNewsFor(collectionId: string): ReturnType<typeof createUploadNews> {
  const known = opened.get(collectionId)
  if (known) return known
  const news = createUploadNews(collectionId)
  opened.set(collectionId, news)
  return news
}
