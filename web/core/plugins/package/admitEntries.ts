import { entryLabel } from './packageErrors'
import type { UnpackBudget } from './UnpackBudget'
import { checkEntry, type CentralEntry } from './zipStructure'

/**
 * A zip's files (folders skipped) by normalised path, in the directory's order, each checked before a
 * byte is inflated: refused when unsafe (`checkEntry`), and its declared size admitted by `budget`,
 * alone against its compressed size and summed against the whole archive's `archiveBytes`.
 */
export function admitEntries(
  entries: Iterable<CentralEntry>,
  budget: UnpackBudget,
  archiveBytes: number,
): Array<{ entry: CentralEntry; path: string }> {
  const admitted: Array<{ entry: CentralEntry; path: string }> = []
  let declaredTotal = 0
  for (const entry of entries) {
    const path = checkEntry(entry)
    if (path === undefined) continue
    budget.checkRatio(entry.size, entry.compressedSize, `entry ${entryLabel(entry.name)}`)
    budget.admitFile(entry.name, path, entry.size)
    declaredTotal += entry.size
    budget.checkRatio(declaredTotal, archiveBytes, 'the archive')
    admitted.push({ entry, path })
  }
  return admitted
}
