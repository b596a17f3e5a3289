import { describe, expect, it } from 'vitest'
import type { MarketplaceEntry } from '../../api/pluginsApi'
import { filterMarketplace, marketplaceCategories } from './filterMarketplace'

const entry = (slug: string, fields: Partial<MarketplaceEntry> = {}): MarketplaceEntry => ({
  id: slug.toLowerCase(),
  plugin_slug: slug,
  version: '1.0.0',
  download_url: `${slug}.zip`,
  installed: false,
  installed_version: null,
  installed_plugin_id: null,
  update_available: false,
  ...fields,
})

const catalog = [
  entry('QuireNotes', { name: 'Quire Notes', category: 'productivity', tags: ['notes'] }),
  entry('QuireCollections', { name: 'Quire Collections', category: 'data', description: 'Your shelves' }),
  entry('Settings', { name: 'BrainDrive Settings', category: 'Utilities', tags: ['config'] }),
  entry('Bare'),
]

const slugs = (entries: MarketplaceEntry[]) => entries.map((e) => e.plugin_slug)

describe('filterMarketplace', () => {
  it('keeps everything with no search and no category', () => {
    expect(slugs(filterMarketplace(catalog, { search: '  ', category: '' }))).toEqual([
      'QuireNotes',
      'QuireCollections',
      'Settings',
      'Bare',
    ])
  })

  it('searches name, slug, description and tags, ignoring case', () => {
    expect(slugs(filterMarketplace(catalog, { search: 'SHELVES', category: '' }))).toEqual([
      'QuireCollections',
    ])
    expect(slugs(filterMarketplace(catalog, { search: 'config', category: '' }))).toEqual(['Settings'])
    expect(slugs(filterMarketplace(catalog, { search: 'quire', category: '' }))).toEqual([
      'QuireNotes',
      'QuireCollections',
    ])
  })

  it('filters by category whatever its case or number, together with the search', () => {
    const follower = entry('QuireFollower', { category: 'utility' })
    for (const category of ['utilities', 'utility', 'Utilities']) {
      expect(slugs(filterMarketplace([...catalog, follower], { search: '', category }))).toEqual([
        'Settings',
        'QuireFollower',
      ])
    }
    expect(slugs(filterMarketplace(catalog, { search: 'notes', category: 'data' }))).toEqual([])
  })
})

describe('marketplaceCategories', () => {
  it('lists each category once whatever its spellings, labelled, sorted, skipping entries without one', () => {
    const more = [
      entry('More', { category: 'DATA' }),
      entry('QuireFollower', { category: 'utility' }),
      entry('Chat', { category: 'ai' }),
      entry('Games', { category: 'games' }),
    ]
    expect(marketplaceCategories([...catalog, ...more])).toEqual([
      { key: 'ai', label: 'AI' },
      { key: 'data', label: 'Data' },
      { key: 'game', label: 'Games' },
      { key: 'productivity', label: 'Productivity' },
      { key: 'utility', label: 'Utilities' },
    ])
  })
})
