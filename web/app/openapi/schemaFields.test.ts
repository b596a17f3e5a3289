import { describe, expect, it } from 'vitest'
import type { OperationGroup } from './listOperations'
import { countOperations, filterOperations } from './filterOperations'
import { schemaFields, typeText } from './schemaFields'

describe('schemaFields', () => {
  it('lists an object’s properties with type, required, description, limits and pattern', () => {
    const rows = schemaFields({
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 200, description: 'The collection’s name' },
        color: { anyOf: [{ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' }, { type: 'null' }] },
        tags: { type: 'array', items: { type: 'string' }, default: [] },
        kind: { type: 'string', enum: ['a', 'b'] },
      },
    })
    expect(rows).toEqual([
      {
        name: 'name',
        type: 'string',
        required: true,
        description: 'The collection’s name',
        constraints: ['1 to 200 characters'],
      },
      {
        name: 'color',
        type: 'string | null',
        required: false,
        description: '',
        constraints: [],
        pattern: '^#[0-9a-fA-F]{6}$',
      },
      {
        name: 'tags',
        type: 'array of string',
        required: false,
        description: '',
        constraints: ['default []'],
      },
      { name: 'kind', type: '"a" | "b"', required: false, description: '', constraints: [] },
    ])
  })

  it('walks nested objects and arrays of objects by dotted path, to a depth', () => {
    const schema = {
      type: 'array',
      items: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          meta: { type: 'object', properties: { page: { type: ['integer', 'null'] } } },
        },
      },
    }
    expect(schemaFields(schema).map((r) => [r.name, r.type, r.required])).toEqual([
      ['[].id', 'string (uuid)', true],
      ['[].meta', 'object', false],
      ['[].meta.page', 'integer | null', false],
    ])
    expect(schemaFields(schema, 1).map((r) => r.name)).toEqual(['[].id', '[].meta'])
  })

  it('shows a schema that is not an object as one row', () => {
    expect(schemaFields({ type: 'array', items: { type: 'string' } })).toEqual([
      { name: '(body)', type: 'array of string', required: true, description: '', constraints: [] },
    ])
    expect(schemaFields(undefined)).toEqual([])
    expect(typeText({})).toBe('any')
  })
})

describe('filterOperations', () => {
  const op = (method: 'get' | 'post', path: string, summary: string) => ({
    key: `${method}${path}`,
    method,
    path,
    operation: { summary },
  })
  const groups: OperationGroup[] = [
    {
      tag: 'Collections',
      operations: [
        op('get', '/api/collections/', 'List collections'),
        op('post', '/api/collections/{id}/documents', 'Upload a document'),
      ],
    },
    { tag: 'Chat', operations: [op('post', '/api/chat/messages', 'Ask a question')] },
  ]

  it('finds by every word in method, path, summary or tag, any case', () => {
    expect(filterOperations(groups, 'POST documents').map((g) => g.operations.map((o) => o.key))).toEqual([
      ['post/api/collections/{id}/documents'],
    ])
    expect(countOperations(filterOperations(groups, 'chat'))).toBe(1)
    expect(countOperations(filterOperations(groups, 'collections'))).toBe(2)
    expect(filterOperations(groups, 'nothing-like-this')).toEqual([])
  })

  it('finds everything for an empty query', () => {
    expect(countOperations(filterOperations(groups, '  '))).toBe(3)
  })
})
