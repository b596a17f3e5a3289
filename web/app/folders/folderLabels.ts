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

/**
 * The toast after a check that changed something, naming the folder by its last part ("notes"), as a
 * person knows it: the panel shows the whole path, and a server's path is long for a toast.
 */
export function folderChangedLabel(folder: string, changes: string): string {
  const name =
    folder
      .split(/[\\/]+/)
      .filter(Boolean)
      .pop() ?? folder
  return `“${name}” changed: ${changes}`
}

/** What a file's state reads as in the folder's list. */
export function fileStateLabel(file: FolderStatus['files'][number]): string {
  if (file.state === 'in_step') return 'In step'
  if (file.state === 'processing') return 'Processing'
  return `Failed: ${file.reason ?? 'processing failed'}`
}

/**
 * The file list's summary: "6 files: 5 in step, 1 skipped". Skipped files are files of the folder too,
 * so the parts add up to the total the person sees listed under it.
 */
export function filesSummaryLabel(folder: Pick<FolderStatus, 'files' | 'skipped'>): string {
  const count = (state: FolderStatus['files'][number]['state']) =>
    folder.files.filter((file) => file.state === state).length
  const total = folder.files.length + folder.skipped.length
  const parts = [`${count('in_step').toLocaleString()} in step`]
  for (const [n, word] of [
    [count('processing'), 'processing'],
    [count('failed'), 'failed'],
    [folder.skipped.length, 'skipped'],
  ] as const) {
    if (n) parts.push(`${n.toLocaleString()} ${word}`)
  }
  return `${total.toLocaleString()} ${total === 1 ? 'file' : 'files'}: ${parts.join(', ')}`
}

/** "Reading the folder: 120 of 2,000 files" while a check runs. */
export function progressLabel(progress: NonNullable<FolderStatus['progress']>): string {
  const counts = `${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`
  return progress.phase === 'reading' ? `Reading the folder: ${counts} files` : `Applying changes: ${counts}`
}

/**
 * When the folder was last checked, as it reads now: "last checked just now", "12 s ago", "3 min ago",
 * "2 h ago", then the date and time. The panel reads it again every few seconds, so it ages on screen.
 */
export function checkedLabel(lastCheckedAt: string | null, now: number): string {
  if (!lastCheckedAt) return 'not checked yet'
  const at = Date.parse(lastCheckedAt)
  if (Number.isNaN(at)) return 'not checked yet'
  const seconds = Math.max(0, Math.round((now - at) / 1000))
  if (seconds < 5) return 'last checked just now'
  if (seconds < 60) return `last checked ${seconds} s ago`
  if (seconds < 3600) return `last checked ${Math.floor(seconds / 60)} min ago`
  if (seconds < 6 * 3600) return `last checked ${Math.floor(seconds / 3600)} h ago`
  return `last checked ${new Date(at).toLocaleString()}`
}
