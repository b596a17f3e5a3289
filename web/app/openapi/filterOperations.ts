import type { OperationEntry, OperationGroup } from './listOperations'

/** What a search looks at in one operation: method, path, summary, tag and operation id, lower-cased. */
function haystack(entry: OperationEntry, tag: string): string {
  const op = entry.operation
  return [entry.method, entry.path, op.summary ?? '', tag, ...(op.tags ?? []), op.operationId ?? '']
    .join(' ')
    .toLowerCase()
}

/**
 * The groups and operations a search finds: every word of the query (any order, any case) must appear in
 * the operation's method, path, summary, tag or operation id ("post documents" finds
 * `POST /api/collections/{collection_id}/documents`). An empty query finds everything; groups left empty
 * are dropped.
 */
export function filterOperations(groups: readonly OperationGroup[], query: string): OperationGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...groups]
  return groups.flatMap((group) => {
    const operations = group.operations.filter((entry) => {
      const text = haystack(entry, group.tag)
      return words.every((word) => text.includes(word))
    })
    return operations.length > 0 ? [{ ...group, operations }] : []
  })
}

/** How many operations the groups hold. */
export const countOperations = (groups: readonly OperationGroup[]) =>
  groups.reduce((sum, group) => sum + group.operations.length, 0)
