import type { DocumentPorts } from '../documents/DocumentPorts'
import type { HostPorts } from '../kernel/HostPorts'
import type { SearchPorts } from '../retrieve/SearchPorts'
import type { SettingsPorts } from '../settings/SettingsPorts'
import type { StorePorts } from '../store/StorePorts'
import { deleteUnusedFiles } from '../documents/deleteUnusedFiles'
import { fileKey, type ProcessPorts } from '../documents/processDocument'
import { replaceDocumentFile } from '../documents/replaceDocumentFile'
import { storeNewDocument } from '../documents/storeNewDocument'
import { documentWithContent } from '../documents/documentWithContent'
import { sha256Hex } from '../store/FileStore'
import type { StoredRecord } from '../store/StoredRecord'
import { toTimestamp } from '../kernel/time/Clock'
import { folderFileFields, folderFileId, folderFileKind, type FolderFile } from './folderFileKind'
import { FolderAccessError, FolderMissingError, type FolderEntry, type FolderPort } from './FolderPort'
import {
  followedFolderFields,
  followedFolderKind,
  type FollowedFolder,
  type SkippedFile,
} from './followedFolderKind'
import type { DocumentRecord } from '../store/DocumentRecord'
import { baseName, planFolderScan } from './planFolderScan'
import { folderDocumentId } from './folderDocumentId'

export type FolderScanPorts = StorePorts &
  DocumentPorts &
  Pick<SearchPorts, 'index'> &
  SettingsPorts &
  Pick<HostPorts, 'clock' | 'newId' | 'limits' | 'logError'>

export interface ScanResult {
  missing: boolean
  added: number
  updated: number
  renamed: number
  removed: number
  skipped: number
  retry: number
  unchanged: number
  /** New files whose document was already here (another device following the same folder made it). */
  adopted: number
}

/**
 * Called as files are handled: while `reading` the folder (each new or changed file's content is
 * hashed), how many of the listed files are compared; while `applying`, how many of the changes are done.
 */
export type ScanProgress = (done: number, total: number, phase: 'reading' | 'applying') => void

/**
 * One check of the folder a collection follows: lists it, plans (`planFolderScan`) and applies the
 * plan. New files become documents processed in the background, changed ones get their new passages
 * in one switch (`replaceDocumentFile`), renamed ones keep their document, gone ones are deleted. A
 * folder whose root is missing changes nothing but its state. Every step is written as it is done, so a
 * check cut short (a restart) is finished by the next one without adding anything twice.
 */
export async function scanFolder(
  collectionId: string,
  folder: FolderPort,
  ports: FolderScanPorts,
  onProgress?: ScanProgress,
): Promise<ScanResult> {
  const followed = await followedFolderKind.find(ports, collectionId)
  if (!followed) throw new Error(`Collection ${collectionId} follows no folder`)
  const result: ScanResult = {
    missing: false,
    added: 0,
    updated: 0,
    renamed: 0,
    removed: 0,
    skipped: 0,
    retry: 0,
    unchanged: 0,
    adopted: 0,
  }
  const now = () => toTimestamp(ports.clock.now())
  let entries: FolderEntry[]
  try {
    entries = await folder.list()
  } catch (error) {
    if (!(error instanceof FolderMissingError)) throw error
    const state = error instanceof FolderAccessError ? 'no_access' : 'missing'
    await saveFolder(ports, followed, { state, last_checked_at: now() })
    return { ...result, missing: true }
  }
  const known = new Map<string, FolderFile>()
  for (const record of await folderFileKind.list(ports, collectionId)) {
    const file = folderFileFields.safeParse(record.data)
    if (file.success) known.set(file.data.path, file.data)
  }
  const documents = new Map(
    (await ports.store.documents.listDocuments({ collectionId })).map((document) => [document.id, document]),
  )
  const skippedBefore = new Map(
    (followedFolderFields.safeParse(followed.data).data?.skipped ?? []).map((file) => [file.path, file]),
  )
  const plan = await planFolderScan(
    {
      entries,
      known,
      documentExists: (id) => documents.has(id),
      stillDuplicate: (entry) => {
        const was = skippedBefore.get(entry.path)?.duplicate_of
        const same = was && documents.get(was.document_id)
        if (!same || fileKey(same) !== was.hash) return undefined
        if (was.size !== entry.size || was.modified !== entry.modified) return undefined
        return duplicateSkip(entry, same, was.hash)
      },
      maxFileBytes: ports.limits.maxUploadBytes,
      onCompared: (compared) => onProgress?.(compared, entries.length, 'reading'),
    },
    folder,
  )
  const total = plan.adds.length + plan.updates.length + plan.renames.length + plan.removals.length
  let done = 0
  const step = () => onProgress?.(++done, total, 'applying')
  const put = (file: FolderFile) => putFile(ports, collectionId, file, now())
  const retry = (entry: FolderEntry) => {
    plan.retries.push({ path: entry.path, reason: 'changed while it was read; read again next check' })
  }

  for (const { entry, known: was } of plan.renames) {
    await ports.store.records.writeRecords([
      { delete: { kind: folderFileKind.kind, id: folderFileId(collectionId, was.path) } },
      {
        put: fileRecord(
          collectionId,
          { ...was, path: entry.path, size: entry.size, modified: entry.modified },
          now(),
        ),
      },
    ])
    await ports.store.documents.updateDocument(was.document_id, { original_filename: baseName(entry.path) })
    result.renamed += 1
    step()
  }
  for (const gone of plan.removals) {
    const document = documents.get(gone.document_id)
    if (document) {
      ports.documents.cancel(document.id)
      await ports.store.documents.deleteDocument(document.id)
      await deleteUnusedFiles([fileKey(document)], ports.store, ports.files)
    }
    await folderFileKind.remove(ports, folderFileId(collectionId, gone.path))
    result.removed += 1
    step()
  }
  for (const { entry, known: was } of plan.touches) {
    await put({ ...was, size: entry.size, modified: entry.modified })
  }
  const processPorts = await processPortsOf(ports)
  for (const { entry, hash, known: was } of plan.updates) {
    const bytes = await readSame(folder, entry, hash)
    if (!bytes) {
      retry(entry)
      continue
    }
    const document = documents.get(was.document_id)!
    const filename = baseName(entry.path)
    if (fileKey(document) === hash) {
      // Already this content: another device following the same folder updated it, and sync brought it.
      await put({ ...was, size: entry.size, modified: entry.modified, hash })
      result.updated += 1
      step()
      continue
    }
    if (document.status === 'completed') {
      await replaceDocumentFile(document, { bytes, filename }, { ...processPorts, index: ports.index })
    } else {
      // Not searchable yet (still processing, or failed): nothing to keep in step, process it afresh.
      const key = await ports.files.put(bytes)
      await ports.store.documents.updateDocument(document.id, {
        file_path: `files/${key}`,
        file_size: bytes.length,
        original_filename: filename,
        status: 'processing',
        processed_at: null,
        metadata: {},
        progress: { stage: 'queued', percent: 0 },
      })
      await ports.documents.enqueue(document.id)
      if (fileKey(document) !== key) await deleteUnusedFiles([fileKey(document)], ports.store, ports.files)
    }
    // Written last: an update cut short is seen as changed again and redone.
    await put({ ...was, size: entry.size, modified: entry.modified, hash })
    result.updated += 1
    step()
  }
  // The collection as the changes above left it: a new file with the content of a document already
  // here (uploaded by hand, or another file of the folder) is skipped, and the folder says so.
  const present = plan.adds.length > 0 ? await ports.store.documents.listDocuments({ collectionId }) : []
  for (const { entry, hash, documentId } of plan.adds) {
    const bytes = await readSame(folder, entry, hash)
    if (!bytes) {
      retry(entry)
      continue
    }
    const id = documentId ?? (await folderDocumentId(collectionId, entry.path, hash))
    const adopted = !documentId && (await ports.store.documents.getDocument(id)) !== undefined
    const same = !documentId && !adopted ? documentWithContent(present, hash) : undefined
    if (same) {
      plan.skipped.push(duplicateSkip(entry, same, hash))
      step()
      continue
    }
    // Written first: a restart between the two finds this record and makes the same document.
    await put({ path: entry.path, size: entry.size, modified: entry.modified, hash, document_id: id })
    if (adopted) {
      // Another device following the same folder added it, and sync brought it here: it is followed as is.
      result.adopted += 1
      step()
      continue
    }
    present.push(
      await storeNewDocument(ports, { id, content: bytes, filename: baseName(entry.path), collectionId }),
    )
    await ports.documents.enqueue(id)
    result.added += 1
    step()
  }
  result.skipped = plan.skipped.length
  result.retry = plan.retries.length
  result.unchanged = plan.unchanged
  await saveFolder(ports, followed, {
    state: 'ok',
    last_checked_at: now(),
    skipped: [...plan.skipped, ...plan.retries].slice(0, MAX_SKIPPED_SHOWN),
    last_changes: {
      added: result.added,
      updated: result.updated,
      renamed: result.renamed,
      removed: result.removed,
      retry: result.retry,
    },
  })
  return result
}

/**
 * A new file of the folder not added, since the document `same` has its content: the next check skips it
 * unread while both stay as they are, and adds it once that document is gone or holds other content.
 */
function duplicateSkip(entry: FolderEntry, same: DocumentRecord, hash: string): SkippedFile {
  return {
    path: entry.path,
    reason: `the same content as “${same.original_filename}”, already in this collection`,
    duplicate_of: { document_id: same.id, size: entry.size, modified: entry.modified, hash },
  }
}

/** A folder of thousands of archives lists the first of them; the count says the rest. */
const MAX_SKIPPED_SHOWN = 500

/** The file's bytes if they are still what was planned on, else undefined (it changed meanwhile). */
async function readSame(
  folder: FolderPort,
  entry: FolderEntry,
  hash: string,
): Promise<Uint8Array | undefined> {
  try {
    const bytes = await folder.read(entry.path)
    return (await sha256Hex(bytes)) === hash ? bytes : undefined
  } catch {
    return undefined
  }
}

async function processPortsOf(ports: FolderScanPorts): Promise<ProcessPorts> {
  const settings = await ports.settings.get()
  return {
    store: ports.store,
    files: ports.files,
    ingestor: ports.ingestor,
    clock: ports.clock,
    newId: ports.newId,
    logError: ports.logError,
    embedderId: async () => settings.embedder.id,
    ocrLanguages: async () => settings.ocr_languages,
  }
}

function fileRecord(collectionId: string, file: FolderFile, at: string): StoredRecord {
  return {
    kind: folderFileKind.kind,
    id: folderFileId(collectionId, file.path),
    parent_id: collectionId,
    data: { ...file },
    created_at: at,
    updated_at: at,
  }
}

function putFile(ports: FolderScanPorts, collectionId: string, file: FolderFile, at: string): Promise<void> {
  return ports.store.records.writeRecords([{ put: fileRecord(collectionId, file, at) }])
}

async function saveFolder(
  ports: FolderScanPorts,
  record: StoredRecord,
  patch: Partial<FollowedFolder>,
): Promise<void> {
  const data = followedFolderFields.parse({ ...record.data, ...patch })
  await ports.store.records.writeRecords([
    { put: { ...record, data, updated_at: toTimestamp(ports.clock.now()) } },
  ])
}
