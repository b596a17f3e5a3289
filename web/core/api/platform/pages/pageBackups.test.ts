import { describe, expect, it } from 'vitest'
import { moduleCount } from './pageBackups'

describe('moduleCount', () => {
  it('counts the modules of BrainDrive’s studio form by their layout keys', () => {
    expect(moduleCount({ layouts: {}, modules: { 'Notes-1': {}, 'Chat-1': {} } })).toBe(2)
  })
  it('counts the components of the spec’s form', () => {
    expect(moduleCount({ layout: {}, components: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] })).toBe(3)
  })
  it('prefers modules when a content has both (the designer writes modules)', () => {
    expect(moduleCount({ modules: { a: {} }, components: [{}, {}] })).toBe(1)
  })
  it('is 0 for anything else: no modules, a list where an object belongs, not an object', () => {
    expect(moduleCount({})).toBe(0)
    expect(moduleCount({ modules: [{}, {}] })).toBe(0)
    expect(moduleCount(null)).toBe(0)
    expect(moduleCount('x')).toBe(0)
  })
})
