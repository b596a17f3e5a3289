import { describe, expect, it } from 'vitest'
import { moduleGlyph, moduleSummary } from './moduleSummary'

describe('moduleSummary', () => {
  it('shows each setting by its label, a select by its option’s label, defaults filled in', () => {
    const fields = {
      title: { type: 'text', default: 'Notes' },
      collection_id: {
        type: 'select',
        label: 'Collection',
        options: [
          { label: 'None: follow the page', value: '' },
          { label: 'Recipes', value: 'c1' },
        ],
      },
      compact: { type: 'boolean' },
    }
    expect(moduleSummary(fields, { collection_id: 'c1' })).toEqual([
      'Title: Notes',
      'Collection: Recipes',
      'Compact: No',
    ])
    expect(moduleSummary(fields, { title: 'Trip notes' }, 1)).toEqual(['Title: Trip notes'])
  })

  it('leaves empty values out', () => {
    expect(moduleSummary({ placeholder: { type: 'text' } }, {})).toEqual([])
  })
})

describe('moduleGlyph', () => {
  it('has a symbol for known icons and the first letter otherwise', () => {
    expect(moduleGlyph('MessageSquare', 'Chat')).toBe('💬')
    expect(moduleGlyph('Unheard', 'weather')).toBe('W')
    expect(moduleGlyph(undefined, '')).toBe('?')
  })
})
