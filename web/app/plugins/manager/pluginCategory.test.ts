import { describe, expect, it } from 'vitest'
import { categoryKey, categoryLabel } from './pluginCategory'

describe('categoryKey', () => {
  it('gives every spelling of a category one key: lowercase and singular', () => {
    for (const spelling of ['utility', 'utilities', 'Utilities', ' UTILITY ']) {
      expect(categoryKey(spelling)).toBe('utility')
    }
    expect(categoryKey('Tools')).toBe('tool')
    expect(categoryKey('data')).toBe('data')
    expect(categoryKey('business')).toBe('business')
    expect(categoryKey('')).toBe('')
  })
})

describe('categoryLabel', () => {
  it('labels a common category as BrainDrive does, any other with a capital first letter', () => {
    expect(categoryLabel('utility')).toBe('Utilities')
    expect(categoryLabel('utilities')).toBe('Utilities')
    expect(categoryLabel('ai')).toBe('AI')
    expect(categoryLabel('productivity')).toBe('Productivity')
    expect(categoryLabel('developer tools')).toBe('Developer tools')
  })
})
