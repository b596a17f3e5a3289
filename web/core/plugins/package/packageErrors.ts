import { ApiError } from '../../kernel/ApiError'

// Every refusal of a package is a 400 whose detail names the rule and, where there is one, the entry,
// so a plugin author can tell what to change. Manifest problems are 422s (readPackageManifest).

/** An entry name as shown in a message: quoted and escaped (it may hold control characters), and cut
 *  short (it may be 64 KB long). */
export function entryLabel(name: string): string {
  const shown = name.length > 200 ? `${name.slice(0, 200)}…` : name
  return JSON.stringify(shown)
}

export function notAnArchive(): ApiError {
  return ApiError.badRequest('The plugin package is not a .zip or .tar.gz archive')
}

export function brokenArchive(format: 'zip' | 'tar.gz', why: string): ApiError {
  return ApiError.badRequest(`The plugin package is not a readable .${format} archive: ${why}`)
}

export function unsafeEntry(name: string, why: string): ApiError {
  return ApiError.badRequest(`The plugin package entry ${entryLabel(name)} is refused: ${why}`)
}

/** `limit` is the PackageLimits field, named so an operator can find the setting. */
export function overLimit(
  limit: 'maxFiles' | 'maxTotalBytes' | 'maxFileBytes' | 'maxRatio',
  what: string,
): ApiError {
  const rule = {
    maxFiles: 'file count limit',
    maxTotalBytes: 'total size limit',
    maxFileBytes: 'per-file size limit',
    maxRatio: 'compression ratio limit',
  }[limit]
  return ApiError.badRequest(`The plugin package is over the ${rule} (${limit}): ${what}`)
}

export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`
  return `${bytes} bytes`
}
