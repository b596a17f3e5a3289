import { describe, expect, it } from 'vitest'
import { settingValueProblem } from './settingValueProblem'

describe('settingValueProblem', () => {
  it('accepts values of the definition type', () => {
    expect(settingValueProblem({ type: 'string', validation: {} }, 'dark')).toBeNull()
    expect(settingValueProblem({ type: 'number', validation: {} }, 0)).toBeNull()
    expect(settingValueProblem({ type: 'boolean', validation: {} }, false)).toBeNull()
    expect(settingValueProblem({ type: 'object', validation: {} }, { a: 1 })).toBeNull()
    expect(settingValueProblem({ type: 'array', validation: {} }, [1, 'x'])).toBeNull()
  })

  it('names the expected and the given type', () => {
    expect(settingValueProblem({ type: 'number', validation: {} }, '3')).toBe(
      'Expected a value of type number, got string',
    )
    expect(settingValueProblem({ type: 'object', validation: {} }, [])).toContain('got array')
    expect(settingValueProblem({ type: 'object', validation: {} }, null)).toContain('got null')
  })

  it('applies numeric min and max to numbers, string and array lengths', () => {
    const rules = { type: 'number' as const, validation: { min: 1, max: 10 } }
    expect(settingValueProblem(rules, 1)).toBeNull()
    expect(settingValueProblem(rules, 0.5)).toBe('Value must be at least 1')
    expect(settingValueProblem(rules, 11)).toBe('Value must be at most 10')
    expect(settingValueProblem({ type: 'string', validation: { max: 3 } }, 'abcd')).toBe(
      'Length must be at most 3',
    )
    expect(settingValueProblem({ type: 'array', validation: { min: 1 } }, [])).toBe(
      'Length must be at least 1',
    )
  })

  it('ignores validation keys that are not numbers', () => {
    expect(settingValueProblem({ type: 'number', validation: { min: '5', pattern: 'x' } }, 1)).toBeNull()
  })
})
