import type { UnpackedFile } from './UnpackBudget'

/**
 * Drops the one folder every file is in, if there is one: GitHub's source archives (and many
 * hand-made ones) put the package in `Repo-1.2.0/`. A package with any file at its root is left as it is.
 */
export function stripTopFolder(files: UnpackedFile[]): UnpackedFile[] {
  let top: string | undefined
  for (const file of files) {
    const slash = file.path.indexOf('/')
    if (slash < 0) return files
    const first = file.path.slice(0, slash)
    if (top === undefined) top = first
    else if (first !== top) return files
  }
  if (top === undefined) return files
  const cut = top.length + 1
  return files.map((file) => ({ path: file.path.slice(cut), bytes: file.bytes }))
}
