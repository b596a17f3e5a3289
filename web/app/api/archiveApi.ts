import type { ImportSummary } from '../../core/archive/importArchive'
import { ApiRequestError } from './ApiRequestError'
import { sendFormWithProgress } from './sendFormWithProgress'

/** What `POST /api/v1/import` answers in `data`: the core's own type, so the two cannot drift. */
export type { ImportSummary }

/**
 * Downloads `GET /api/v1/export` (with `collection_id` and `include_chats` for one collection) and
 * hands it to the browser as a file, reporting the bytes received as they come (the archive is
 * written while it is sent, so its size is not known ahead). Resolves with the file's name.
 */
export async function downloadExport(
  query: { collection_id?: string; include_chats?: boolean },
  onBytes: (received: number) => void,
): Promise<string> {
  const search = new URLSearchParams()
  if (query.collection_id) search.set('collection_id', query.collection_id)
  if (query.include_chats) search.set('include_chats', 'true')
  const path = `/api/v1/export${search.size > 0 ? `?${search.toString()}` : ''}`
  let response: Response
  try {
    response = await fetch(path)
  } catch {
    throw new ApiRequestError(0, 'The Quire API could not be reached. Reload the page to restart it.')
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown }
    throw new ApiRequestError(
      response.status,
      typeof body.detail === 'string' ? body.detail : 'The export failed',
    )
  }
  const parts: Uint8Array<ArrayBuffer>[] = []
  let received = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    received += value.length
    onBytes(received)
  }
  const name = fileNameOf(response.headers.get('content-disposition')) ?? 'quire-export.zip'
  const url = URL.createObjectURL(new Blob(parts, { type: 'application/zip' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  // The download has started from the object URL; it is released once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return name
}

/** The file name of a `Content-Disposition` (its UTF-8 `filename*`, else `filename`). */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (extended) return decodeURIComponent(extended[1]!)
  return /filename="([^"]+)"/i.exec(disposition)?.[1]
}

/**
 * Uploads an archive to `POST /api/v1/import`; `onUploaded` gets the share sent (0..1). With
 * `restoreSettings`, an account's archive restores its settings over the person's own (never a
 * provider's endpoint): the import is idempotent, so sending the same file again for that adds nothing else.
 */
export async function importArchiveFile(
  file: File,
  onUploaded: (share: number) => void,
  options: { restoreSettings?: boolean } = {},
): Promise<ImportSummary> {
  const form = new FormData()
  form.set('file', file, file.name)
  const path = options.restoreSettings ? '/api/v1/import?restore_settings=true' : '/api/v1/import'
  const answer = await sendFormWithProgress<{ data: ImportSummary }>(path, form, {
    onUploadProgress: onUploaded,
  })
  return answer.data
}

/** Whether the import left an account archive's settings out because the person has their own. */
export function settingsLeftOut(summary: ImportSummary): boolean {
  return summary.scope === 'account' && summary.ignored.settings
}

/** One line saying what an import brought in. */
export function describeImport(summary: ImportSummary): string {
  const parts = [
    `${summary.collections_added} collection${summary.collections_added === 1 ? '' : 's'}`,
    `${summary.documents_added} document${summary.documents_added === 1 ? '' : 's'}`,
    `${summary.chat_sessions_added} chat${summary.chat_sessions_added === 1 ? '' : 's'}`,
  ]
  const reprocessed =
    summary.documents_reprocessed > 0 ? ` ${summary.documents_reprocessed} will be processed again.` : ''
  const already =
    summary.documents_already_here > 0
      ? ` ${summary.documents_already_here} documents were already here.`
      : ''
  return `Imported ${parts.join(', ')}.${reprocessed}${already}${leftOut(summary)}`
}

/** What the archive held and the import did not bring, in words (an archive brings only its scope). */
function leftOut(summary: ImportSummary): string {
  const { ignored } = summary
  const parts: string[] = []
  if (summary.scope === 'collection') {
    if (ignored.settings) parts.push('settings')
    if (ignored.records > 0) parts.push(count(ignored.records, 'other record'))
    if (ignored.collections > 0) parts.push(count(ignored.collections, 'other collection'))
    if (ignored.chat_sessions > 0) parts.push(count(ignored.chat_sessions, 'other chat'))
    return parts.length > 0
      ? ` A collection’s archive brings only that collection: left out ${parts.join(', ')}.`
      : ''
  }
  return ignored.settings ? ' Its settings were not restored: you have settings of your own here.' : ''
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
