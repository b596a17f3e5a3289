import type { FolderStatus } from '../api/foldersApi'

/** The toast after a check that changed something: "2 added, 1 changed, 1 removed". */
export function changesLabel(changes: FolderStatus['last_changes']): string | undefined {
  const parts: string[] = []
  if (changes.added) parts.push(`${changes.added.toLocaleString()} added`)
  if (changes.updated) parts.push(`${changes.updated.toLocaleString()} changed`)
  if (changes.renamed) parts.push(`${changes.renamed.toLocaleString()} renamed or moved`)
  if (changes.removed) parts.push(`${changes.removed.toLocaleString()} removed`)
  return parts.length ? parts.join(', ') : undefined
}

/** What a file's state reads as in the folder's list. */
export function fileStateLabel(file: FolderStatus['files'][number]): string {
  if (file.state === 'in_step') return 'In step'
  if (file.state === 'processing') return 'Processing'
  return `Failed: ${file.reason ?? 'processing failed'}`
}

/** "Reading the folder: 120 of 2,000 files" while a check runs. */
export function progressLabel(progress: NonNullable<FolderStatus['progress']>): string {
  const counts = `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`
  return progress.phase === 'reading' ? `Reading the folder: ${counts} files` : `Applying changes: ${counts}`
}
