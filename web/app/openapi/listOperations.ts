import { HTTP_METHODS, type HttpMethod, type OpenApiDocument, type OpenApiOperation } from './OpenApiDocument'

export interface OperationEntry {
  /** Stable and unique within the document; used for element ids. */
  key: string
  method: HttpMethod
  path: string
  operation: OpenApiOperation
}

export interface OperationGroup {
  tag: string
  description?: string | undefined
  operations: OperationEntry[]
}

const UNTAGGED = 'Other'

/**
 * Operations grouped by their first tag, in the order the document declares tags (then first appearance),
 * and within a group in document order, which is the route table's order.
 */
export function listOperations(document: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, OperationGroup>()
  for (const tag of document.tags ?? [])
    groups.set(tag.name, { tag: tag.name, description: tag.description, operations: [] })

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method]
      if (!operation || typeof operation !== 'object') continue
      const op = operation as OpenApiOperation
      const tag = op.tags?.[0] ?? UNTAGGED
      let group = groups.get(tag)
      if (!group) {
        group = { tag, operations: [] }
        groups.set(tag, group)
      }
      const key = (op.operationId ?? `${method}-${path}`).replace(/[^A-Za-z0-9_-]/g, '-')
      group.operations.push({ key, method, path, operation: op })
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0)
}
