import { describe, expect, it } from 'vitest'
import { testManifest } from '../../core/api/platform/plugins/installTestPackages'
import { validateManifest } from '../../core/plugins/manifest/validateManifest'
import {
  builtinConfig,
  builtinModules,
  BUILTIN_PLUGIN_ID,
  findBuiltinModule,
  isBuiltinModule,
} from './builtinModules'
import { collectionsLimit, configCollectionId, initialSearchParams } from './readBuiltinConfig'

describe('builtinModules', () => {
  it('lists chat, search, collections and evaluation under the plugin id quire', () => {
    const entries = builtinModules()
    expect(entries.map((e) => e.name)).toEqual(['Chat', 'Search', 'Collections', 'Evaluation'])
    expect(new Set(entries.map((e) => e.pluginId))).toEqual(new Set([BUILTIN_PLUGIN_ID]))
    expect(BUILTIN_PLUGIN_ID).toBe('quire')
    expect(entries.find((e) => e.name === 'Chat')?.config_fields).toHaveProperty('collection_id')
    expect(Object.keys(entries.find((e) => e.name === 'Search')?.config_fields ?? {})).toEqual([
      'collection_id',
      'top_k',
    ])
  })

  it('has the same shape a plugin module’s manifest entry must have (config fields and layout limits valid)', () => {
    const { plugin_data } = testManifest({ slug: 'BuiltinShape' })
    const module_data = builtinModules().map(({ pluginId: _p, id: _i, enabled: _e, ...module }) => module)
    const valid = validateManifest({ plugin_data, module_data })
    expect(valid.modules.map((m) => m.name)).toEqual(['Chat', 'Search', 'Collections', 'Evaluation'])
  })

  it('hands out copies: changing one does not change the registry', () => {
    const first = builtinModules()
    first[0]!.display_name = 'Changed'
    first[0]!.config_fields.collection_id!.default = 'x'
    expect(builtinModules()[0]!.display_name).toBe('Chat')
    expect(builtinModules()[0]!.config_fields.collection_id!.default).toBe('')
  })

  it('finds a page’s module by moduleId or moduleName, any case, only under quire', () => {
    expect(findBuiltinModule({ pluginId: 'quire', moduleId: 'Chat' })?.name).toBe('Chat')
    expect(findBuiltinModule({ pluginId: 'quire', moduleId: undefined, moduleName: 'search' })?.name).toBe(
      'Search',
    )
    expect(findBuiltinModule({ pluginId: 'quire', moduleId: 'quire-evaluation' })?.name).toBe('Evaluation')
    expect(findBuiltinModule({ pluginId: 'quire', moduleId: 'Notes' })).toBeUndefined()
    expect(findBuiltinModule({ pluginId: 'QuireNotes', moduleId: 'Chat' })).toBeUndefined()
    expect(isBuiltinModule({ pluginId: 'quire' })).toBe(true)
    expect(isBuiltinModule({ pluginId: 'Quire' })).toBe(false)
  })

  it('fills a config’s missing fields with their defaults, keeping what the page set', () => {
    const search = findBuiltinModule({ pluginId: 'quire', moduleId: 'Search' })!
    expect(builtinConfig(search, {})).toEqual({ collection_id: '', top_k: 5 })
    expect(builtinConfig(search, { collection_id: 'c1', top_k: 12 })).toEqual({
      collection_id: 'c1',
      top_k: 12,
    })
  })

  it('reads a search module’s config into the form’s starting values, and a collections module’s limit', () => {
    expect(initialSearchParams({ collection_id: ' c1 ', top_k: 12 })).toEqual({ collection: 'c1', top_k: 12 })
    expect(initialSearchParams({ collection_id: '', top_k: 5 })).toEqual({})
    expect(initialSearchParams({ top_k: 500 })).toEqual({})
    expect(collectionsLimit({ limit: 3 })).toBe(3)
    expect(collectionsLimit({ limit: 0 })).toBe(10)
    expect(collectionsLimit({})).toBe(10)
    expect(configCollectionId({ collection_id: ' c2 ' })).toBe('c2')
    expect(configCollectionId({ collection_id: 7 })).toBe('')
  })
})
