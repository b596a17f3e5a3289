import { describe, expect, it } from 'vitest'
import { moduleIconKind, moduleInitial, moduleSummary } from './moduleSummary'

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

describe('module icons', () => {
  it('draws known icon names and shows the first letter otherwise', () => {
    expect(moduleIconKind('MessageSquare')).toBe('chat')
    expect(moduleIconKind('StickyNote2')).toBe('note')
    expect(moduleIconKind('Unheard')).toBeUndefined()
    expect(moduleInitial(' weather')).toBe('W')
    expect(moduleInitial('')).toBe('?')
  })
})
