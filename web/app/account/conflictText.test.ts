import { describe, expect, it } from 'vitest'
import { conflictHeading, conflictValueText, deviceText, VALUE_PREVIEW_CHARS } from './conflictText'

const side = (value: unknown, removed = false) => ({
  value,
  removed,
  at: '2026-01-02T03:04:05.000Z',
  device: 'd',
})

describe('conflict text', () => {
  it('shows strings as text and missing values as placeholders', () => {
    expect(conflictValueText(side('Reading list'))).toEqual({
      kind: 'text',
      text: 'Reading list',
      preview: undefined,
    })
    expect(conflictValueText(side(null, true))).toEqual({ kind: 'placeholder', text: '(removed)' })
    expect(conflictValueText(side(null))).toEqual({ kind: 'placeholder', text: '(empty)' })
    expect(conflictValueText(side(''))).toEqual({ kind: 'placeholder', text: '(empty)' })
    expect(conflictValueText(side(0))).toMatchObject({ kind: 'text', text: '0' })
    expect(conflictValueText(side(false))).toMatchObject({ kind: 'text', text: 'false' })
  })

  it('shows objects and arrays as compact JSON', () => {
    expect(conflictValueText(side({ a: [1, 'x'], b: null }))).toEqual({
      kind: 'json',
      text: '{"a":[1,"x"],"b":null}',
      preview: undefined,
    })
    expect(conflictValueText(side([]))).toMatchObject({ kind: 'json', text: '[]' })
  })

  it('cuts long values to a preview without splitting a character', () => {
    const long = `${'a'.repeat(VALUE_PREVIEW_CHARS - 1)}😀${'b'.repeat(50)}`
    const text = conflictValueText(side(long))
    expect(text).toMatchObject({ kind: 'text', text: long })
    if (text.kind === 'placeholder') throw new Error('expected text')
    expect(text.preview).toBe(`${'a'.repeat(VALUE_PREVIEW_CHARS - 1)}😀…`)
    const exact = 'c'.repeat(VALUE_PREVIEW_CHARS)
    expect(conflictValueText(side(exact))).toMatchObject({ preview: undefined })
    const json = conflictValueText(side({ text: 'z'.repeat(VALUE_PREVIEW_CHARS) }))
    expect(json).toMatchObject({ kind: 'json' })
    if (json.kind === 'placeholder') throw new Error('expected json')
    expect(json.preview?.length).toBe(VALUE_PREVIEW_CHARS + 1)
  })

  it('names the thing and the field', () => {
    expect(conflictHeading({ what: 'collection', title: 'Papers', field: 'name' })).toBe(
      'Collection “Papers”: name',
    )
    expect(conflictHeading({ what: 'settings', title: null, field: 'embedder' })).toBe('Settings: embedder')
  })

  it('tells devices apart by a short id', () => {
    expect(deviceText('0f1e2d3c-4b5a-6978-8a9b-abcdefabcdef')).toBe('device 0f1e2d')
    expect(deviceText('server')).toBe('the server')
  })
})
