import { ApiError } from '../kernel/ApiError'

/**
 * Why an archive is refused, said so that the person knows what to do. The hostile-archive reader
 * (`plugins/package`) words its refusals for plugin packages; they are reworded for an archive here
 * rather than the reader taking a noun everywhere.
 */
export function archiveRefused(why: string, what: string): ApiError {
  return ApiError.badRequest(`The archive cannot be imported: ${why}. ${what}`)
}

export const EXPORT_AGAIN = 'Export it again from Quire and import the new file; nothing was imported.'

/** An ApiError of the package reader as an archive's refusal. */
export function fromPackageError(error: unknown): unknown {
  if (!(error instanceof ApiError) || typeof error.detail !== 'string') return error
  const detail = error.detail.replace(/^The plugin package( entry)?/, (_all, entry: string | undefined) =>
    entry ? 'the entry' : 'it',
  )
  return archiveRefused(detail.replace(/\.$/, ''), EXPORT_AGAIN)
}
