import { realpath, stat } from 'node:fs/promises'
import { delimiter, isAbsolute, normalize, sep } from 'node:path'
import { ApiError } from '../../../web/core/kernel/ApiError'
import { folderNameOf } from './folderNameOf'

/**
 * What a root may name a person by: `{user}` their id (a UUID), `{username}` and `{email}` what an
 * operator knows before they sign up, each as one folder name (`folderNameOf`).
 */
export const PERSON_PLACEHOLDERS = ['{user}', '{username}', '{email}'] as const

/** The person whose roots are asked for. */
export interface RootPerson {
  id: string
  username: string
  /** Empty where there is none (a server without accounts): a root naming `{email}` is then not theirs. */
  email: string
}

/**
 * FOLDER_ROOTS: the directories the server may read for followed folders, absolute, separated like
 * PATH (`:`). None by default: nobody reads the server's disk unless the operator says so. `{user}`,
 * `{username}` or `{email}` in a root stands for the person, so each person can be given a root of
 * their own. Roots that could give two people one folder are refused (`checkRootsApart`).
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
    const unknown = (root.match(/\{[^{}/]*\}/gu) ?? []).find(
      (part) => !(PERSON_PLACEHOLDERS as readonly string[]).includes(part),
    )
    if (unknown) {
      throw new Error(
        `FOLDER_ROOTS: "${root}" names ${unknown}; a root may name a person by {user}, {username} or {email}`,
      )
    }
  }
  const normalized = roots.map((root) => normalize(root))
  checkPersonRootsApart(normalized)
  return normalized
}

/** Where a person root's own folder starts: the folder above its first segment naming the person. */
function personSegment(root: string): { parent: string; segment: string } | undefined {
  const at = Math.min(...PERSON_PLACEHOLDERS.map((p) => root.indexOf(p)).filter((i) => i >= 0))
  if (!Number.isFinite(at)) return undefined
  const start = root.lastIndexOf(sep, at)
  const end = root.indexOf(sep, at)
  return { parent: root.slice(0, start) || sep, segment: root.slice(start + 1, end < 0 ? undefined : end) }
}

/**
 * Refuses person roots that could hand one folder to two people: two in the same folder whose person
 * segments differ (`/srv/{username}` and `/srv/{user}`: someone may take another's id as username;
 * `/srv/{username}` and `/srv/{username}-docs`: "bob-docs" is a username too), or one inside another's
 * folder of people (`/srv/{username}` and `/srv/team/{user}`: a person named "team" would hold everyone's).
 * Roots with the same person segment in one folder are one person's (`/srv/{user}/a`, `/srv/{user}/b`).
 */
function checkPersonRootsApart(roots: readonly string[]): void {
  const people = roots.flatMap((root) => {
    const found = personSegment(root)
    return found ? [{ root, ...found }] : []
  })
  for (const a of people) {
    for (const b of people) {
      if (a === b) continue
      const clash =
        a.parent === b.parent
          ? a.segment !== b.segment
          : isInside(b.parent, a.parent) && b.parent !== a.parent
      if (clash) {
        throw new Error(
          `FOLDER_ROOTS: "${a.root}" and "${b.root}" could give two people the same folder; keep each kind of person folder in a folder of its own`,
        )
      }
    }
  }
}

/**
 * One person's roots: `{user}` replaced by their id (a UUID, never a path of its own), `{username}` and
 * `{email}` by `folderNameOf` them (one folder name each, never a separator or `..`). A root naming
 * `{email}` is left out for a person without one.
 */
export function rootsOf(roots: readonly string[], person: RootPerson): string[] {
  return roots.flatMap((root) => {
    if (root.includes('{email}') && !person.email) return []
    return [
      root
        .replaceAll('{user}', person.id)
        .replaceAll('{username}', folderNameOf(person.username))
        .replaceAll('{email}', folderNameOf(person.email)),
    ]
  })
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
