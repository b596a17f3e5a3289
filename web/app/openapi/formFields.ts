import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './OpenApiDocument'
import { resolveRefs } from './resolveRefs'

export interface FormField {
  name: string
  /** A file part (`contentMediaType` / `format: binary`), else a text field. */
  file: boolean
  multiple: boolean
  required: boolean
  description?: string
}

/** The fields of an operation's multipart/form-data body, or none when it takes no form. */
export function formFields(operation: OpenApiOperation, document: OpenApiDocument): FormField[] {
  const schema = operation.requestBody?.content?.['multipart/form-data']?.schema
  if (!schema) return []
  const resolved = resolveRefs(schema, document) as JsonSchema
  const required = new Set((resolved.required as string[] | undefined) ?? [])
  return Object.entries((resolved.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
    const multiple = property.type === 'array'
    const item = (multiple ? property.items : property) as JsonSchema | undefined
    return {
      name,
      file: Boolean(item && (item.contentMediaType !== undefined || item.format === 'binary')),
      multiple,
      required: required.has(name),
      description: typeof item?.description === 'string' ? item.description : undefined,
    }
  })
}
