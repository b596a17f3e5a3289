import { realpath, stat } from 'node:fs/promises'
import { delimiter, isAbsolute, normalize, sep } from 'node:path'
import { ApiError } from '../../../web/core/api/ApiError'

/**
 * FOLDER_ROOTS: the directories the server may read for followed folders, absolute, separated like
 * PATH (`:`). None by default: nobody reads the server's disk unless the operator says so. `{user}` in
 * a root stands for the person's id, so each person can be given a root of their own.
 */
export function parseFolderRoots(value: string | undefined): string[] {
  if (!value?.trim()) return []
  const roots = value
    .split(delimiter)
    .map((root) => root.trim())
    .filter(Boolean)
  for (const root of roots) {
    if (!isAbsolute(root) || root.split(/[\\/]/).includes('..')) {
      throw new Error(`FOLDER_ROOTS: "${root}" is not an absolute path without ".."`)
    }
  }
  return roots.map((root) => normalize(root))
}

/** The roots of one person: `{user}` replaced by their id (a UUID, never a path of its own). */
export function rootsOf(roots: readonly string[], userId: string): string[] {
  return roots.map((root) => root.replaceAll('{user}', userId))
}

/** A folder a person may follow: its real path and the real path of the root it lies in. */
export interface AllowedFolder {
  path: string
  root: string
}

/**
 * Checks a folder a person asks to follow, where it enters: an absolute path, no `..` segment, inside
 * one of their roots both as written and once symlinks are resolved (a link inside a root that points
 * out of it is refused), and a directory. Refusals are ApiErrors whose details name no path of the
 * server's but the one the person gave.
 */
export async function resolveFolder(roots: readonly string[], requested: string): Promise<AllowedFolder> {
  if (roots.length === 0) {
    throw new ApiError(403, 'This server follows no folders (its operator has set no FOLDER_ROOTS)')
  }
  if (requested.includes('\0')) throw ApiError.badRequest('path: must not contain a NUL character')
  if (!isAbsolute(requested)) throw ApiError.badRequest('path: must be an absolute path')
  if (requested.split(/[\\/]/).includes('..')) throw ApiError.badRequest('path: must not contain ".."')
  const wanted = normalize(requested)
  const written = roots.find((root) => isInside(wanted, root))
  if (!written) throw new ApiError(403, 'path: outside the folders this server lets you follow')
  let real: string
  let realRoot: string
  try {
    realRoot = await realpath(written)
    real = await realpath(wanted)
  } catch {
    throw ApiError.notFound('path: no such folder')
  }
  if (!isInside(real, realRoot)) {
    throw new ApiError(403, 'path: leads outside the folders this server lets you follow (a symbolic link)')
  }
  if (!(await stat(real)).isDirectory()) throw ApiError.badRequest('path: not a folder')
  return { path: real, root: realRoot }
}

/** Whether `path` is `root` or below it (both normalized). */
export function isInside(path: string, root: string): boolean {
  const base = root.endsWith(sep) ? root : root + sep
  return path === root || path.startsWith(base)
}
