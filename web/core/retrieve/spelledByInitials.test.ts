import { describe, expect, it } from 'vitest'
import { tokenize } from './index/tokenize'
import { initialsInOrder, spelledByInitials } from './spelledByInitials'

describe('spelledByInitials', () => {
  it('reads an acronym from the initials of consecutive words', () => {
    expect(spelledByInitials('ceo', tokenize('She is our Chief Executive Officer since 2019'))).toBe(true)
    expect(spelledByInitials('eps', tokenize('Diluted earnings per share were $3.49'))).toBe(true)
    expect(spelledByInitials('cfo', tokenize('She is our Chief Executive Officer'))).toBe(false)
    expect(spelledByInitials('ceo', tokenize('chief of executive staff, officer'))).toBe(false)
  })
})

describe('initialsInOrder', () => {
  it('reads an acronym in the initials of a long form, small words and extra words between', () => {
    expect(initialsInOrder('IKWG', 'International Ki67 in Breast Cancer Working Group')).toBe(true)
    expect(initialsInOrder('ssp', 'system security plans')).toBe(true)
    expect(initialsInOrder('SSP', 'Security Sensitivity Level XPath Query')).toBe(false)
    expect(initialsInOrder('CEO', 'Chief Financial Officer')).toBe(false)
    expect(initialsInOrder('ATF', 'Async Task Framework')).toBe(true)
    expect(initialsInOrder('ATF', 'Task Framework')).toBe(false)
  })
})
