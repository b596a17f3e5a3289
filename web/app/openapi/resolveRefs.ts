import type { JsonSchema, OpenApiDocument } from './OpenApiDocument'

const PREFIX = '#/components/schemas/'

/**
 * Inlines `#/components/schemas/...` references so a reader sees the whole shape in one place. A schema that
 * refers back to itself is left as its `$ref` the second time round instead of recursing forever.
 */
export function resolveRefs(
  value: unknown,
  document: OpenApiDocument,
  seen: ReadonlySet<string> = new Set(),
): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(item, document, seen))
  if (value === null || typeof value !== 'object') return value
  const object = value as JsonSchema
  const ref = object.$ref
  if (typeof ref === 'string' && ref.startsWith(PREFIX)) {
    const name = ref.slice(PREFIX.length)
    const target = document.components?.schemas?.[name]
    if (!target || seen.has(name)) return object
    const { $ref: _ref, ...siblings } = object
    const resolved = resolveRefs({ ...target, ...siblings }, document, new Set(seen).add(name)) as JsonSchema
    // Keep the component's name visible once its reference is gone.
    return resolved.title === undefined ? { title: name, ...resolved } : resolved
  }
  return Object.fromEntries(
    Object.entries(object).map(([key, inner]) => [key, resolveRefs(inner, document, seen)]),
  )
}
