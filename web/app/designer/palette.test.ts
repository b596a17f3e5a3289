import { describe, expect, it } from 'vitest'
import { builtinPaletteModules, paletteModule } from './designerApi'
import { matchesSearch } from './paletteSearch'

describe('palette entries', () => {
  const notes = paletteModule(
    {
      name: 'Notes',
      display_name: 'Notes',
      description: 'Keep short notes',
      category: 'productivity',
      tags: ['notes', 'sample'],
      config_fields: { size: { type: 'select', options: ['small', 'large'] }, bad: 'x' },
      layout: { minWidth: 3 },
    },
    'QuireNotes',
    'Quire Notes',
  )

  it('reads a manifest module, with plain select options as {label, value}', () => {
    expect(notes).toMatchObject({ key: 'QuireNotes/Notes', pluginId: 'QuireNotes', category: 'productivity' })
    expect(notes.configFields).toEqual({
      size: {
        type: 'select',
        options: [
          { label: 'small', value: 'small' },
          { label: 'large', value: 'large' },
        ],
      },
    })
    expect(paletteModule({ name: 'Bare' }, 'P', 'Plugin')).toMatchObject({
      displayName: 'Bare',
      category: 'Other',
    })
  })

  it('searches names, plugin, description, category and tags, every word', () => {
    expect(matchesSearch(notes, '')).toBe(true)
    expect(matchesSearch(notes, 'quire SHORT')).toBe(true)
    expect(matchesSearch(notes, 'sample productivity')).toBe(true)
    expect(matchesSearch(notes, 'notes chart')).toBe(false)
  })

  it("lists Quire's own modules under the plugin id quire", () => {
    const builtins = builtinPaletteModules()
    expect(builtins.map((module) => module.key)).toContain('quire/Chat')
    expect(builtins.every((module) => module.pluginId === 'quire' && module.layout !== undefined)).toBe(true)
  })
})
