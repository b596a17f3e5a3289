import { realpathSync } from 'node:fs'
import { basename, dirname, join, sep } from 'node:path'
import { isInside, PERSON_PLACEHOLDERS } from './folderRoots'

/**
 * Refuses, at start, FOLDER_ROOTS that hold DATA_DIR or lie inside it: whoever may follow a folder
 * there could make documents of the server's secrets (`jwt-secret` signs every token, `secret-key`
 * opens people's stored API keys) and of every person's files. Compared as real paths (a link to
 * DATA_DIR counts), each as far as it exists; a person root (`{user}`, `{username}`, `{email}`) by its
 * part before the first of them, since it stands for every person's root. Throws an Error that says what to change.
 */
export function checkFolderRootsApart(roots: readonly string[], dataDir: string): void {
  const data = realSoFar(dataDir)
  for (const root of roots) {
    const found = PERSON_PLACEHOLDERS.map((p) => root.indexOf(p)).filter((i) => i >= 0)
    const at = found.length ? Math.min(...found) : -1
    const before = at < 0 ? root : root.slice(0, at)
    const fixed = at < 0 || before.endsWith(sep) ? before : dirname(before)
    const real = realSoFar(fixed.length > 1 && fixed.endsWith(sep) ? fixed.slice(0, -1) : fixed)
    if (isInside(data, real)) {
      throw new Error(
        `FOLDER_ROOTS: "${root}" contains DATA_DIR (${dataDir}), where the server keeps its secrets and every person's files; choose roots apart from DATA_DIR`,
      )
    }
    if (isInside(real, data)) {
      throw new Error(
        `FOLDER_ROOTS: "${root}" lies inside DATA_DIR (${dataDir}), where the server keeps its secrets and every person's files; choose roots apart from DATA_DIR`,
      )
    }
  }
}

/** The real path of `path`'s deepest existing ancestor, with the rest (not there yet) joined on. */
function realSoFar(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    const parent = dirname(path)
    return parent === path ? path : join(realSoFar(parent), basename(path))
  }
}
