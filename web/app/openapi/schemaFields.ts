import type { JsonSchema } from './OpenApiDocument'

/** One row of a schema's field table. */
export interface SchemaField {
  /** Dotted path from the schema's root: `name`, `metadata.page`, `items[].id`; `(body)` for the root. */
  name: string
  /** `string`, `integer | null`, `array of string`, `object`, `"a" | "b"` (an enum), `string (uuid)`. */
  type: string
  required: boolean
  description: string
  /** Limits in words: `1 to 200 characters`, `at least 0`, default. */
  constraints: string[]
  /** A regular expression the value must match, shown folded (they run long). */
  pattern?: string
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The alternatives of anyOf/oneOf, with `null` taken out (it makes the field nullable instead). */
function alternatives(schema: JsonSchema): { options: JsonSchema[]; nullable: boolean } {
  const list = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined
  if (!list) return { options: [schema], nullable: false }
  const options = list.filter(isSchema)
  const nonNull = options.filter((option) => option.type !== 'null')
  return { options: nonNull.length > 0 ? nonNull : options, nullable: nonNull.length < options.length }
}

/** A schema's type in words. */
export function typeText(schema: JsonSchema): string {
  const { options, nullable } = alternatives(schema)
  const one = (s: JsonSchema): string => {
    if (Array.isArray(s.enum)) return s.enum.map((value) => JSON.stringify(value)).join(' | ')
    if (s.const !== undefined) return JSON.stringify(s.const)
    const types = Array.isArray(s.type) ? s.type.map(String) : typeof s.type === 'string' ? [s.type] : []
    const withoutNull = types.filter((t) => t !== 'null')
    let text = withoutNull.join(' | ') || (isSchema(s.properties) ? 'object' : 'any')
    if (text === 'array' && isSchema(s.items)) text = `array of ${one(s.items)}`
    if (typeof s.format === 'string') text += ` (${s.format})`
    if (types.includes('null')) text += ' | null'
    return text
  }
  const text = options.map(one).join(' | ')
  return nullable ? `${text} | null` : text
}

function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = []
  const { minLength, maxLength, minimum, maximum, minItems, maxItems } = schema
  if (typeof minLength === 'number' && typeof maxLength === 'number')
    out.push(`${minLength} to ${maxLength} characters`)
  else if (typeof maxLength === 'number') out.push(`at most ${maxLength} characters`)
  else if (typeof minLength === 'number' && minLength > 0) out.push(`at least ${minLength} characters`)
  if (typeof minimum === 'number' && typeof maximum === 'number') out.push(`${minimum} to ${maximum}`)
  else if (typeof minimum === 'number') out.push(`at least ${minimum}`)
  else if (typeof maximum === 'number') out.push(`at most ${maximum}`)
  if (typeof minItems === 'number' && minItems > 0) out.push(`at least ${minItems} items`)
  if (typeof maxItems === 'number') out.push(`at most ${maxItems} items`)
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`)
  return out
}

/** The object schema whose properties a field's children are (itself, its array's items, its one option). */
function childObject(schema: JsonSchema): { schema: JsonSchema; suffix: string } | undefined {
  const { options } = alternatives(schema)
  if (options.length !== 1) return undefined
  const only = options[0]!
  if (isSchema(only.properties)) return { schema: only, suffix: '' }
  if (isSchema(only.items) && isSchema(only.items.properties)) return { schema: only.items, suffix: '[]' }
  return undefined
}

/**
 * A (resolved) JSON Schema as rows of a field table: each property with its type, whether it is
 * required, its description, limits and pattern; nested objects and arrays of objects down to `maxDepth`
 * levels, by dotted path. A schema that is not an object (a bare array of strings, a string) is one row,
 * `(body)`.
 */
export function schemaFields(schema: unknown, maxDepth = 3): SchemaField[] {
  if (!isSchema(schema)) return []
  const root = childObject(schema)
  if (!root) return [row('(body)', schema, true)]
  const rows: SchemaField[] = []
  const walk = (object: JsonSchema, prefix: string, depth: number) => {
    const required = new Set(Array.isArray(object.required) ? object.required.map(String) : [])
    for (const [name, value] of Object.entries(object.properties as Record<string, unknown>)) {
      if (!isSchema(value)) continue
      const path = `${prefix}${name}`
      rows.push(row(path, value, required.has(name)))
      const child = childObject(value)
      if (child && depth < maxDepth) walk(child.schema, `${path}${child.suffix}.`, depth + 1)
    }
  }
  walk(root.schema, root.suffix ? '[].' : '', 1)
  return rows
}

function row(name: string, schema: JsonSchema, required: boolean): SchemaField {
  const { options } = alternatives(schema)
  const pattern = [schema, ...options].map((s) => s.pattern).find((p) => typeof p === 'string') as
    string | undefined
  const description =
    (typeof schema.description === 'string' && schema.description) ||
    (typeof schema.title === 'string' && schema.title) ||
    ''
  return {
    name,
    type: typeText(schema),
    required,
    description,
    constraints: [schema, ...options.filter((o) => o !== schema)].flatMap(constraintsOf),
    ...(pattern !== undefined ? { pattern } : {}),
  }
}
