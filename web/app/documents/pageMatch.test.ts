import { describe, expect, it } from 'vitest'
import { pageMatch } from './pageMatch'

describe('pageMatch', () => {
  it('counts occurrences across case and broken spacing, with the first in context', () => {
    const match = pageMatch('Net  revenue rose.\nNet Revenue\tfell later.', 'net revenue')
    expect(match).toEqual({ count: 2, snippet: 'Net revenue rose. Net Revenue fell later.' })
  })

  it('clips a long page around the first occurrence', () => {
    const text = `${'a '.repeat(100)}goodwill impairment${' b'.repeat(100)}`
    const match = pageMatch(text, 'goodwill')
    expect(match?.snippet.startsWith('…')).toBe(true)
    expect(match?.snippet.endsWith('…')).toBe(true)
    expect(match?.snippet).toContain('goodwill impairment')
  })

  it('finds nothing for absent or empty words', () => {
    expect(pageMatch('Some text', 'missing')).toBeUndefined()
    expect(pageMatch('Some text', '   ')).toBeUndefined()
  })
})
