import { describe, expect, it } from 'vitest'
import { fieldError, fieldLabel, initialValue, storedValue, validateConfig } from './configValidation'
import {
  contentToDesign,
  designToContent,
  emptyDesign,
  newModuleKey,
  withModule,
  withoutModule,
} from './designContent'
import { clampPlacement, defaultSize, nextFreeRow, sizeBounds } from './layoutLimits'
import { canRedo, canUndo, pushState, redo, startHistory, undo } from './undoStack'

describe('layout limits', () => {
  const limits = { minWidth: 3, maxWidth: 6, minHeight: 2, maxHeight: 5, defaultWidth: 4, defaultHeight: 3 }

  it('keeps sizes within the module limits and the grid', () => {
    expect(sizeBounds(limits, 12)).toEqual({ minW: 3, maxW: 6, minH: 2, maxH: 5 })
    expect(sizeBounds(limits, 4)).toEqual({ minW: 3, maxW: 4, minH: 2, maxH: 5 })
    expect(sizeBounds({ minWidth: 6 }, 4)).toEqual({ minW: 4, maxW: 4, minH: 1, maxH: 1000 })
    expect(sizeBounds(undefined, 8)).toEqual({ minW: 1, maxW: 8, minH: 1, maxH: 1000 })
  })

  it('clamps a placement: size to limits, position inside the grid', () => {
    expect(clampPlacement({ i: 'a', x: 10, y: -1, w: 9, h: 1 }, limits, 12)).toEqual({
      i: 'a',
      x: 6,
      y: 0,
      w: 6,
      h: 2,
    })
    expect(clampPlacement({ i: 'a', x: -2, y: 3, w: 1, h: 9 }, limits, 8)).toEqual({
      i: 'a',
      x: 0,
      y: 3,
      w: 3,
      h: 5,
    })
  })

  it('takes default sizes within the limits, and places new modules below the others', () => {
    expect(defaultSize(limits, 12)).toEqual({ w: 4, h: 3 })
    expect(defaultSize({ defaultWidth: 10, maxWidth: 12 }, 4)).toEqual({ w: 4, h: 4 })
    expect(defaultSize(undefined, 12)).toEqual({ w: 4, h: 4 })
    expect(nextFreeRow([])).toBe(0)
    expect(
      nextFreeRow([
        { i: 'a', x: 0, y: 2, w: 2, h: 3 },
        { i: 'b', x: 2, y: 0, w: 2, h: 1 },
      ]),
    ).toBe(5)
  })
})

describe('undo stack', () => {
  it('undoes and redoes, and a new state drops the redo branch', () => {
    let history = startHistory(1)
    expect(canUndo(history)).toBe(false)
    history = pushState(history, 2)
    history = pushState(history, 3)
    history = undo(history)
    expect(history.present).toBe(2)
    expect(canRedo(history)).toBe(true)
    history = redo(history)
    expect(history.present).toBe(3)
    history = undo(undo(history))
    expect(history.present).toBe(1)
    expect(undo(history)).toBe(history)
    history = pushState(history, 5)
    expect(canRedo(history)).toBe(false)
    expect(history.past).toEqual([1])
    expect(pushState(history, 5)).toBe(history)
  })
})

describe('content and design', () => {
  const content = {
    canvas: { kept: true },
    layouts: {
      desktop: [{ i: 'notes', x: 0, y: 0, w: 4, h: 5, pluginId: 'QuireNotes', moduleId: 'Notes' }],
      tablet: [{ i: 'notes', x: 2, y: 1, w: 6, h: 5 }],
    },
    modules: {
      notes: { pluginId: 'QuireNotes', moduleId: 'Notes', moduleName: 'Notes', config: { title: 'Mine' } },
    },
  }

  it('reads BrainDrive content and writes it back with every layout', () => {
    const design = contentToDesign(content)
    expect(design.modules.notes).toEqual({
      pluginId: 'QuireNotes',
      moduleId: 'Notes',
      moduleName: 'Notes',
      config: { title: 'Mine' },
    })
    expect(design.layouts.tablet).toEqual([{ i: 'notes', x: 2, y: 1, w: 6, h: 5 }])
    expect(design.layouts.mobile).toEqual([{ i: 'notes', x: 0, y: 0, w: 4, h: 5 }])
    const written = designToContent(design, content)
    expect(written.canvas).toEqual({ kept: true })
    expect(written.layouts).toEqual({
      desktop: [{ i: 'notes', x: 0, y: 0, w: 4, h: 5, pluginId: 'QuireNotes', moduleId: 'Notes' }],
      tablet: [{ i: 'notes', x: 2, y: 1, w: 6, h: 5, pluginId: 'QuireNotes', moduleId: 'Notes' }],
      mobile: [{ i: 'notes', x: 0, y: 0, w: 4, h: 5, pluginId: 'QuireNotes', moduleId: 'Notes' }],
    })
    expect(contentToDesign(written)).toEqual(design)
  })

  it('starts empty from content with no modules, adds and removes modules at every breakpoint', () => {
    expect(contentToDesign({ layout: {}, components: [] })).toEqual(emptyDesign())
    const place = { i: 'Notes-1', x: 0, y: 0, w: 4, h: 4 }
    const module = { pluginId: 'QuireNotes', moduleId: 'Notes', moduleName: 'Notes', config: {} }
    const key = newModuleKey(emptyDesign(), 'Notes')
    expect(key).toBe('Notes-1')
    const added = withModule(emptyDesign(), key, module, { desktop: place, tablet: place, mobile: place })
    expect(newModuleKey(added, 'Notes')).toBe('Notes-2')
    expect(added.layouts.mobile).toHaveLength(1)
    expect(withoutModule(added, key)).toEqual(emptyDesign())
  })
})

describe('config validation', () => {
  it('labels fields and starts from config, default or the empty value', () => {
    expect(fieldLabel('show_descriptions')).toBe('Show descriptions')
    expect(fieldLabel('maxItems')).toBe('Max items')
    expect(fieldLabel('collection_id', { label: 'Collection' })).toBe('Collection')
    expect(fieldLabel('collection_id', { label: '  ' })).toBe('Collection id')
    expect(initialValue({ type: 'text', default: 'Notes' }, undefined)).toBe('Notes')
    expect(initialValue({ type: 'text', default: 'Notes' }, 'Mine')).toBe('Mine')
    expect(initialValue({ type: 'boolean' }, undefined)).toBe(false)
    expect(initialValue({ type: 'select', options: [{ label: 'A', value: 'a' }] }, undefined)).toBe('a')
  })

  it('checks each type against its limits', () => {
    expect(fieldError({ type: 'text', maxLength: 3 }, 'abcd')).toBe('At most 3 characters')
    expect(fieldError({ type: 'textarea' }, 'long text')).toBeUndefined()
    expect(fieldError({ type: 'number', min: 1, max: 10 }, '0')).toBe('Must be at least 1')
    expect(fieldError({ type: 'number', min: 1, max: 10 }, 11)).toBe('Must be at most 10')
    expect(fieldError({ type: 'number', min: 0, step: 5 }, '7')).toBe('Must be in steps of 5')
    expect(fieldError({ type: 'number' }, 'x')).toBe('Enter a number')
    expect(fieldError({ type: 'number' }, '')).toBe('Enter a number')
    expect(fieldError({ type: 'select', options: [{ label: 'One', value: 1 }] }, '1')).toBeUndefined()
    expect(fieldError({ type: 'select', options: [{ label: 'One', value: 1 }] }, '2')).toBe(
      'Choose one of the options',
    )
    expect(fieldError({ type: 'color' }, '#12abEF')).toBeUndefined()
    expect(fieldError({ type: 'color' }, 'red')).toBe('Enter a colour as #rrggbb')
    expect(fieldError({ type: 'date' }, '2026-11-22')).toBeUndefined()
    expect(fieldError({ type: 'date' }, '22/11/2026')).toBe('Enter a date as YYYY-MM-DD')
    expect(fieldError({ type: 'time' }, '13:45')).toBeUndefined()
    expect(fieldError({ type: 'time' }, '25:00')).toBe('Enter a time as HH:MM')
    expect(fieldError({ type: 'boolean' }, 'yes')).toBe('Must be on or off')
    expect(storedValue({ type: 'number' }, '4')).toBe(4)
    expect(storedValue({ type: 'select', options: [{ label: 'One', value: 1 }] }, '1')).toBe(1)
    expect(
      validateConfig(
        { title: { type: 'text', maxLength: 2 }, on: { type: 'boolean' } },
        { title: 'abc', on: true },
      ),
    ).toEqual({ title: 'At most 2 characters' })
  })
})
