/** The parts of an OpenAPI 3.1 document the explorer reads; anything else passes through untouched. */
export type JsonSchema = { [keyword: string]: unknown }

export interface OpenApiParameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  description?: string
  schema?: JsonSchema
}

export interface OpenApiMediaType {
  schema?: JsonSchema
  example?: unknown
}

export interface OpenApiOperation {
  operationId?: string
  summary?: string
  description?: string
  tags?: string[]
  parameters?: OpenApiParameter[]
  requestBody?: { required?: boolean; description?: string; content?: Record<string, OpenApiMediaType> }
  responses?: Record<string, { description?: string; content?: Record<string, OpenApiMediaType> }>
}

export interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; description?: string }
  tags?: { name: string; description?: string }[]
  paths: Record<string, Record<string, unknown>>
  components?: { schemas?: Record<string, JsonSchema> }
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]
