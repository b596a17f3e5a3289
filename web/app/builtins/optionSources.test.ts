import { describe, expect, it } from 'vitest'
import { builtinPaletteModules } from '../designer/designerApi'
import { fieldError, type ConfigFieldSpec } from '../designer/configValidation'
import { missingOptionMessage, resolveOptionSources } from './optionSources'

const collections = [
  { id: 'c1', name: 'Harbour' },
  { id: 'c2', name: 'Lighthouse' },
]

describe('resolveOptionSources', () => {
  it('fills the built-ins’ collection selects with the person’s collections, names as labels, after the fixed choice', async () => {
    let reads = 0
    const modules = await resolveOptionSources(builtinPaletteModules(), {
      collections: async () => {
        reads += 1
        return collections
      },
    })
    // Chat, Search and Evaluation name the source; it is read once for all of them.
    expect(reads).toBe(1)
    const chat = modules.find((m) => m.key === 'quire/Chat')!
    expect(chat.configFields.collection_id?.type).toBe('select')
    expect(chat.configFields.collection_id?.options).toEqual([
      { label: expect.stringMatching(/^None: follow/), value: '' },
      { label: 'Harbour', value: 'c1' },
      { label: 'Lighthouse', value: 'c2' },
    ])
    const search = modules.find((m) => m.key === 'quire/Search')!
    expect(search.configFields.collection_id?.options?.map((o) => o.label)).toEqual([
      expect.stringMatching(/^All collections/),
      'Harbour',
      'Lighthouse',
    ])
    // A field without a source, and a module without one, are left as they were.
    expect(search.configFields.top_k?.type).toBe('number')
    const collectionsModule = modules.find((m) => m.key === 'quire/Collections')!
    expect(collectionsModule.configFields).toEqual(
      builtinPaletteModules().find((m) => m.key === 'quire/Collections')!.configFields,
    )
    // The generated form accepts a collection of the list and refuses anything else.
    expect(fieldError(chat.configFields.collection_id!, 'c2')).toBeUndefined()
    expect(fieldError(chat.configFields.collection_id!, '')).toBeUndefined()
    expect(fieldError(chat.configFields.collection_id!, 'gone')).toBe('Choose one of the options')
  })

  it('reads no source when no field names one', async () => {
    const plain = [{ configFields: { title: { type: 'text' } as ConfigFieldSpec } }]
    const resolved = await resolveOptionSources(plain, {
      collections: () => Promise.reject(new Error('must not be read')),
    })
    expect(resolved).toEqual(plain)
  })

  it('a plugin’s field may name the source too', async () => {
    const plugin = {
      configFields: {
        source: { type: 'select', options: [{ label: 'Any', value: '' }], options_source: 'collections' },
      } as Record<string, ConfigFieldSpec>,
    }
    const [resolved] = await resolveOptionSources([plugin], { collections: async () => collections })
    expect(resolved?.configFields.source?.options).toHaveLength(3)
  })

  it('turns the field into a text field for the id, saying why, when the collections cannot be listed', async () => {
    const modules = await resolveOptionSources(builtinPaletteModules(), {
      collections: () => Promise.reject(new Error('The API is not ready')),
    })
    const field = modules.find((m) => m.key === 'quire/Chat')!.configFields.collection_id!
    expect(field.type).toBe('text')
    expect(field.options).toBeUndefined()
    expect(field.description).toContain('The API is not ready')
    expect(fieldError(field, 'c-anything')).toBeUndefined()
  })
})

describe('missingOptionMessage', () => {
  it('says a deleted collection no longer exists; a listed one, the empty choice or an unsourced select pass', async () => {
    const [chat] = await resolveOptionSources(
      builtinPaletteModules().filter((m) => m.key === 'quire/Chat'),
      { collections: async () => collections },
    )
    const field = chat!.configFields.collection_id!
    expect(missingOptionMessage(field, 'deleted-id')).toMatch(/no longer exists/)
    expect(missingOptionMessage(field, 'c1')).toBeUndefined()
    expect(missingOptionMessage(field, '')).toBeUndefined()
    expect(missingOptionMessage(field, undefined)).toBeUndefined()
    const plainSelect: ConfigFieldSpec = { type: 'select', options: [{ label: 'A', value: 'a' }] }
    expect(missingOptionMessage(plainSelect, 'zzz')).toBeUndefined()
  })
})
