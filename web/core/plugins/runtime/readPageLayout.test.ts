import { describe, expect, it } from 'vitest'
import { readPageLayout } from './readPageLayout'

const content = {
  layouts: {
    desktop: [
      { i: 'notes', x: 0, y: 0, w: 4, h: 5 },
      { i: 'follower', x: 8, y: 0, w: 4, h: 4 },
      { i: 'overview', x: 4, y: 0, w: 4, h: 5 },
    ],
  },
  modules: {
    notes: { pluginId: 'QuireNotes', moduleId: 'Notes', moduleName: 'Notes', config: { title: 'Mine' } },
    overview: { pluginId: 'QuireCollections', moduleName: 'CollectionOverview' },
    follower: { pluginId: 'QuireFollower', moduleId: 'CollectionFollower' },
  },
}

describe('readPageLayout', () => {
  it('reads BrainDrive’s {layouts, modules} in reading order', () => {
    const layout = readPageLayout(content)
    expect(layout?.modules.map((m) => m.i)).toEqual(['notes', 'overview', 'follower'])
    expect(layout?.modules[0]).toEqual({
      i: 'notes',
      pluginId: 'QuireNotes',
      moduleId: 'Notes',
      moduleName: 'Notes',
      config: { title: 'Mine' },
    })
    expect(layout?.modules[1]?.config).toEqual({})
    expect(layout?.layouts.desktop).toContainEqual({ i: 'follower', x: 8, y: 0, w: 4, h: 4 })
  })

  it('fits missing breakpoints: tablet scaled to 8 columns, mobile stacked on 4', () => {
    const layout = readPageLayout(content)
    expect(layout?.layouts.tablet).toEqual([
      { i: 'notes', x: 0, y: 0, w: 3, h: 5 },
      { i: 'follower', x: 5, y: 0, w: 3, h: 4 },
      { i: 'overview', x: 3, y: 0, w: 2, h: 5 },
    ])
    expect(layout?.layouts.mobile).toEqual([
      { i: 'notes', x: 0, y: 0, w: 4, h: 5 },
      { i: 'overview', x: 0, y: 5, w: 4, h: 5 },
      { i: 'follower', x: 0, y: 10, w: 4, h: 4 },
    ])
  })

  it('keeps every item inside its grid and drops junk', () => {
    const layout = readPageLayout({
      layouts: {
        desktop: [
          { i: 'a', x: 11, y: -3, w: 40, h: 0 },
          { i: 'a', x: 0, y: 0, w: 1, h: 1 },
          'junk',
          { x: 0 },
          { i: 'b', x: 'left', w: 2, h: 2 },
          { i: 'orphan', x: 0, y: 9, w: 2, h: 2 },
        ],
      },
      modules: { a: { pluginId: 'P' }, b: { pluginId: 'P', config: [1] } },
    })
    expect(layout?.layouts.desktop).toEqual([
      { i: 'a', x: 0, y: 0, w: 12, h: 1 },
      { i: 'b', x: 0, y: 0, w: 2, h: 2 },
    ])
    expect(layout?.modules.map((m) => m.i)).toEqual(['a', 'b'])
    expect(layout?.modules[1]?.config).toEqual({})
  })

  it('reads modules described on the layout item itself', () => {
    const layout = readPageLayout({
      layouts: { mobile: [{ i: 'x', x: 0, y: 0, w: 4, h: 2, pluginId: 'P', moduleId: 'M' }] },
    })
    expect(layout?.modules).toEqual([
      { i: 'x', pluginId: 'P', moduleId: 'M', moduleName: undefined, config: {} },
    ])
  })

  it('answers undefined for content without modules', () => {
    expect(readPageLayout({ layout: {}, components: [] })).toBeUndefined()
    expect(readPageLayout({ layouts: { desktop: [] } })).toBeUndefined()
    expect(readPageLayout(null)).toBeUndefined()
  })
})
