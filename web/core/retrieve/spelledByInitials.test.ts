import { describe, expect, it } from 'vitest'
import { tokenize } from './index/tokenize'
import { spelledByInitials } from './spelledByInitials'

describe('spelledByInitials', () => {
  it('reads an acronym from the initials of consecutive words', () => {
    expect(spelledByInitials('ceo', tokenize('She is our Chief Executive Officer since 2019'))).toBe(true)
    expect(spelledByInitials('eps', tokenize('Diluted earnings per share were $3.49'))).toBe(true)
    expect(spelledByInitials('cfo', tokenize('She is our Chief Executive Officer'))).toBe(false)
    expect(spelledByInitials('ceo', tokenize('chief of executive staff, officer'))).toBe(false)
  })
})
