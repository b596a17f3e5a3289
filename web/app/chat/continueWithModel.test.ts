import { describe, expect, it } from 'vitest'
import { withoutCitations } from './continueWithModel'

describe('withoutCitations', () => {
  it('drops the source markers an answer carries, and nothing else', () => {
    expect(withoutCitations('Oystercatchers nested above the line [1]. Two chicks [2, 3].')).toBe(
      'Oystercatchers nested above the line. Two chicks.',
    )
    expect(withoutCitations('An array [a] stays; so does 4.2 metres.')).toBe(
      'An array [a] stays; so does 4.2 metres.',
    )
  })
})
