import { describe, expect, it } from 'vitest'
import { buildOpenApi } from '../../core/api/buildOpenApi'
import { routes } from '../../core/api/routes'
import { exampleFromSchema } from './exampleFromSchema'
import { listOperations } from './listOperations'
import type { OpenApiDocument } from './OpenApiDocument'
import { parseDescription } from './parseDescription'
import { resolveRefs } from './resolveRefs'

// The real document the app serves, so these tests break when the explorer stops understanding it.
const document = buildOpenApi(routes) as unknown as OpenApiDocument

describe('listOperations', () => {
  it('groups every operation by its first tag', () => {
    const groups = listOperations(document)
    const collections = groups.find((group) => group.tag === 'Collections')
    expect(collections?.operations.map((op) => `${op.method} ${op.path}`)).toContain(
      'get /api/collections/{collection_id}',
    )
    const count = groups.reduce((sum, group) => sum + group.operations.length, 0)
    expect(count).toBe(routes.length)
  })
})

describe('exampleFromSchema', () => {
  it('prefills a create-collection body the API accepts', () => {
    const create = listOperations(document)
      .flatMap((group) => group.operations)
      .find((op) => op.operation.operationId === 'createCollection')
    const schema = create?.operation.requestBody?.content?.['application/json']?.schema
    const example = exampleFromSchema(resolveRefs(schema, document)) as Record<string, unknown>
    expect(example.name).toEqual(expect.any(String))
    expect(example.description).toEqual(expect.any(String))
    expect(example.color).toMatch(/^#[0-9a-f]{6}$/)
  })
})

describe('resolveRefs', () => {
  it('inlines component schemas and stops at cycles', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } },
      },
    } satisfies OpenApiDocument
    const resolved = resolveRefs({ $ref: '#/components/schemas/Node' }, doc) as {
      title: string
      properties: { next: unknown }
    }
    expect(resolved.title).toBe('Node')
    expect(resolved.properties.next).toEqual({ $ref: '#/components/schemas/Node' })
  })
})

describe('parseDescription', () => {
  it('joins wrapped lines and turns "- " lines into list items', () => {
    expect(parseDescription('One\nsentence.\n\n- first\n  continued\n- second')).toEqual([
      { kind: 'paragraph', text: 'One sentence.' },
      { kind: 'list', items: ['first continued', 'second'] },
    ])
  })
})
