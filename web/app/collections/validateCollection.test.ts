import { describe, expect, it } from 'vitest'
import { collectionToSend, defaultDescription, fieldOfDetail, validateCollection } from './validateCollection'

describe('validateCollection', () => {
  it('accepts trimmed, non-empty values and a hex colour or none', () => {
    expect(validateCollection({ name: ' Notes ', description: 'Papers', color: '#2f855a' })).toEqual({})
    expect(validateCollection({ name: 'Notes', description: 'Papers', color: null })).toEqual({})
  })

  it('names each field that breaks the API rules', () => {
    const errors = validateCollection({ name: '   ', description: 'x'.repeat(5001), color: 'green' })
    expect(Object.keys(errors).sort()).toEqual(['color', 'description', 'name'])
    expect(validateCollection({ name: 'x'.repeat(201), description: 'ok', color: null }).name).toMatch(/200/)
  })
})

describe('an empty description', () => {
  it('is allowed, and sent as the default the form shows, named after the collection', () => {
    expect(validateCollection({ name: 'Kitchen', description: '   ', color: null })).toEqual({})
    expect(defaultDescription('  Kitchen ')).toBe('Documents about Kitchen')
    expect(defaultDescription(' ')).toBe('Documents about this collection')
    expect(collectionToSend({ name: ' Kitchen ', description: ' ', color: null })).toEqual({
      name: 'Kitchen',
      description: 'Documents about Kitchen',
      color: null,
    })
  })

  it('leaves a written description as written, trimmed', () => {
    expect(collectionToSend({ name: 'Kitchen', description: ' Recipes ', color: '#4f5fb8' })).toEqual({
      name: 'Kitchen',
      description: 'Recipes',
      color: '#4f5fb8',
    })
  })
})

describe('fieldOfDetail', () => {
  it('reads the field a 400 detail starts with', () => {
    expect(fieldOfDetail('name: must not be empty')).toBe('name')
    expect(fieldOfDetail('color: must be a hex colour of the form #RRGGBB')).toBe('color')
    expect(fieldOfDetail('Malformed JSON body')).toBeUndefined()
  })
})
