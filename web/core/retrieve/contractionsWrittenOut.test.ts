import { describe, expect, it } from 'vitest'
import { contractionsWrittenOut } from './contractionsWrittenOut'

describe('contractionsWrittenOut', () => {
  it('writes out a contraction no passage prints as the word the passages print', () => {
    expect(
      contractionsWrittenOut('who is the supt at the special mtg', [
        'Special Meeting of the Board. Unrepresented Employee: Superintendent Wendy Gudalewicz',
      ]),
    ).toBe('who is the superintendent at the special meeting')
  })

  it('chooses the word printed beside the question’s other words, and leaves printed words alone', () => {
    const passages = [
      'GPU support depends on the engine. Support for CUDA is planned. Support is optional.',
      'Cupertino board meeting agenda: the Superintendent is evaluated.',
    ]
    expect(contractionsWrittenOut('supt evaluated at the cupertino board', passages)).toBe(
      'superintendent evaluated at the cupertino board',
    )
    // "mtg" printed as it is typed; a known word ("cat") is never a contraction.
    expect(contractionsWrittenOut('mtg notes', ['The mtg notes are late.'])).toBeNull()
    expect(contractionsWrittenOut('cat rules', ['Constraint rules apply.'])).toBeNull()
  })
})
