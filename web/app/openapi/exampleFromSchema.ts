import type { JsonSchema } from './OpenApiDocument'

const MAX_DEPTH = 6

/**
 * A plausible value for a (ref-resolved) JSON Schema, to prefill "Try it" bodies. It prefers what the schema
 * offers (example, examples, default, const, enum) and otherwise builds a value that passes the usual
 * constraints, so that sending the prefilled body unchanged succeeds.
 */
export function exampleFromSchema(schema: unknown, propertyName?: string, depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return null
  const s = schema as JsonSchema
  if (s.example !== undefined) return s.example
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0]
  if (s.default !== undefined) return s.default
  if (s.const !== undefined) return s.const
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0]

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = s[keyword]
    if (Array.isArray(options)) {
      // The first branch that is not `null`: an example should show the field in use.
      const branch = options.find((option: JsonSchema) => option?.type !== 'null') ?? options[0]
      return exampleFromSchema(branch, propertyName, depth + 1)
    }
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((part) => exampleFromSchema(part, propertyName, depth + 1)))
  }

  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          exampleFromSchema(property, name, depth + 1),
        ]),
      )
    }
    case 'array':
      return [exampleFromSchema(s.items, propertyName, depth + 1)]
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number'
        ? s.minimum
        : typeof s.exclusiveMinimum === 'number'
          ? s.exclusiveMinimum + 1
          : 1
    case 'boolean':
      return true
    case 'string':
      return exampleString(s, propertyName)
    case 'null':
      return null
    default:
      return s.properties ? exampleFromSchema({ ...s, type: 'object' }, propertyName, depth) : null
  }
}

function exampleString(s: JsonSchema, propertyName: string | undefined): string {
  switch (s.format) {
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000'
    case 'date-time':
      return new Date(0).toISOString()
    case 'date':
      return '2025-01-01'
    case 'email':
      return 'person@example.com'
    case 'uri':
    case 'url':
      return 'https://example.com/'
  }
  if (typeof s.pattern === 'string' && s.pattern.includes('[0-9a-fA-F]{6}')) return '#4f5fb8'
  const base = propertyName ? `Example ${propertyName.replace(/_/g, ' ')}` : 'Example'
  return typeof s.maxLength === 'number' ? base.slice(0, s.maxLength) : base
}
