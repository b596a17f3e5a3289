import { claimedKind } from '../documents/storeNewDocument'
import { sha256Hex } from '../store/FileStore'
import { timeSlicer } from '../kernel/time/timeSlicer'
import type { FolderFile } from './folderFileKind'
import { FolderFileChangedError, type FolderEntry, type FolderPort } from './FolderPort'
import type { SkippedFile } from './followedFolderKind'

/** What one scan will do, file by file; `hash` is the content's SHA-256 as read while planning. */
export interface FolderPlan {
  /** New files; `documentId` when a file's record outlived its document (a scan cut short), to reuse it. */
  adds: Array<{ entry: FolderEntry; hash: string; documentId?: string }>
  /** Followed files whose content changed. */
  updates: Array<{ entry: FolderEntry; hash: string; known: FolderFile }>
  /** Files only touched (same content, new modified time): their record is brought up to date. */
  touches: Array<{ entry: FolderEntry; known: FolderFile }>
  /** A followed file found under a new path with the same content: it keeps its document. */
  renames: Array<{ entry: FolderEntry; known: FolderFile }>
  /** Followed files no longer in the folder. */
  removals: FolderFile[]
  /** Files not followed, with the reason; those that could not be read are tried again next scan. */
  skipped: SkippedFile[]
  /** Files that changed while they were read: left as they were, read again next scan. */
  retries: SkippedFile[]
  unchanged: number
}

export interface PlanInput {
  entries: readonly FolderEntry[]
  /** The collection's followed files, by path. */
  known: ReadonlyMap<string, FolderFile>
  /** Whether a document still exists (a record whose document is gone is added again). */
  documentExists(id: string): boolean
  maxFileBytes: number
  /**
   * A new file skipped at the last check as a duplicate, when it and the document it repeats are as they
   * were: skipped again (the entry answered), unread.
   */
  stillDuplicate?: (entry: FolderEntry) => SkippedFile | undefined
  /** Called after each file compared (a slow first read shows its progress). */
  onCompared?: (compared: number) => void
}

/**
 * Compares a folder's listing with the files the collection follows: size and modified time first,
 * the content's hash only for files where those differ (and new ones), so that a rescan of an unchanged
 * folder reads no file at all. A file whose size differs from the listing once read is changing right
 * now: it is left for the next scan.
 */
export async function planFolderScan(input: PlanInput, folder: FolderPort): Promise<FolderPlan> {
  const plan: FolderPlan = {
    adds: [],
    updates: [],
    touches: [],
    renames: [],
    removals: [],
    skipped: [],
    retries: [],
    unchanged: 0,
  }
  const listed = new Set<string>()
  // A followed file gone from the folder may have been renamed to one skipped before as its duplicate:
  // then every new file is read, so that the rename is seen and the document kept.
  const paths = new Set(input.entries.map((entry) => entry.path))
  const anyGone = [...input.known.keys()].some((path) => !paths.has(path))
  const fresh: Array<{ entry: FolderEntry; hash: string }> = []
  let compared = 0
  // A folder of tens of thousands of unchanged files is compared without a read to await: the host's
  // other requests get the thread between slices.
  const slice = timeSlicer()
  for (const entry of [...input.entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    await slice()
    input.onCompared?.(compared++)
    listed.add(entry.path)
    const reason = skipReason(entry, input.maxFileBytes)
    if (reason) {
      plan.skipped.push({ path: entry.path, reason })
      continue
    }
    const known = input.known.get(entry.path)
    const repeated = known || anyGone ? undefined : input.stillDuplicate?.(entry)
    if (repeated) {
      plan.skipped.push(repeated)
      continue
    }
    const documentAlive = known !== undefined && input.documentExists(known.document_id)
    if (known && documentAlive && known.size === entry.size && known.modified === entry.modified) {
      plan.unchanged += 1
      continue
    }
    let bytes: Uint8Array
    try {
      bytes = await folder.read(entry.path)
    } catch (error) {
      if (error instanceof FolderFileChangedError) {
        plan.retries.push({ path: entry.path, reason: CHANGED_WHILE_READ })
        continue
      }
      // The reason stays unsaid: a host's error names its own paths.
      plan.skipped.push({ path: entry.path, reason: 'could not be read; tried again next check' })
      continue
    }
    if (bytes.length !== entry.size) {
      plan.retries.push({ path: entry.path, reason: CHANGED_WHILE_READ })
      continue
    }
    const hash = await sha256Hex(bytes)
    if (!known) fresh.push({ entry, hash })
    else if (!documentAlive) plan.adds.push({ entry, hash, documentId: known.document_id })
    else if (known.hash === hash) plan.touches.push({ entry, known })
    else plan.updates.push({ entry, hash, known })
  }
  const gone = [...input.known.values()].filter((file) => !listed.has(file.path))
  for (const { entry, hash } of fresh) {
    const at = gone.findIndex((file) => file.hash === hash && input.documentExists(file.document_id))
    if (at < 0) {
      plan.adds.push({ entry, hash })
      continue
    }
    const [known] = gone.splice(at, 1)
    plan.renames.push({ entry, known: known! })
  }
  plan.removals = gone
  return plan
}

const CHANGED_WHILE_READ = 'changed while it was read; read again next check'

function skipReason(entry: FolderEntry, maxFileBytes: number): string | undefined {
  if (entry.skip) return entry.skip
  const name = baseName(entry.path)
  if (!claimedKind(name)) return 'unsupported file type'
  if (entry.size === 0) return 'the file is empty'
  if (entry.size > maxFileBytes) {
    return `larger than the upload limit of ${Math.round(maxFileBytes / 1048576)} MB`
  }
  return undefined
}

/** The last segment of a folder path: the name a document is given. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}
