import { describe, expect, it } from 'vitest'
import { fileSource as source } from '../../testing/answerSource'
import { nthAsked, nthItem, ordinalWord, withoutOrdinal } from './nthItem'

const POSTULATES = source(
  1,
  "Euclid's 5 Postulates\n\n1- A line can be drawn from any point to another.\n2- A finite line can be extended indefinitely.\n3- A circle can be drawn centered at any point.\n4- All right angles are equal to one another.",
  'geometry.pptx',
  "Math 260 > Euclid's 5 Postulates",
)
const NOTIONS = source(
  2,
  'Common Notions\n\nThings that equal the same thing also equal one another.\nIf equals are added to equals, then the wholes are equal.\nThe whole is greater than the part.',
  'geometry.pptx',
  'Math 260 > Common Notions',
)
const FIFTH = source(
  3,
  'The fifth postulate\n\nIt is equivalent to a simpler one.\nThe Parallel Postulate',
  'geometry.pptx',
  'Math 260 > The fifth postulate',
)

describe('nthItem', () => {
  it('reads the place and the head of what is asked', () => {
    expect(nthAsked("what's the 4th postulate")).toEqual({ n: 4, noun: 'postulate' })
    expect(nthAsked('what is the third common notion of euclid')).toEqual({ n: 3, noun: 'notion' })
    expect(nthAsked('what is the first step')).toEqual({ n: 1, noun: 'step' })
    expect(nthAsked('what is a postulate')).toBeNull()
    // A period is no place in a list.
    expect(nthAsked('what was revenue in the 4th quarter')).toBeNull()
    expect(withoutOrdinal('file by the 15th day')).toBeNull()
  })

  it('quotes the item numbered so, else the item in that place, of a list named in the plural', () => {
    expect(nthItem("what's the 4th postulate", [FIFTH, POSTULATES])).toBe(
      "Euclid's 5 Postulates: 4- All right angles are equal to one another. [1]",
    )
    expect(nthItem('what is the third common notion', [NOTIONS])).toBe(
      'Common Notions: The whole is greater than the part. [2]',
    )
    // A heading naming one of them lists none; a list of fewer answers nothing.
    expect(nthItem('what is the second postulate', [FIFTH])).toBeNull()
    expect(nthItem('what is the 9th postulate', [POSTULATES])).toBeNull()
  })

  it('drops an ordinal typed in digits from the words to search, and knows an ordinal', () => {
    expect(withoutOrdinal("what's the 4th postulate")).toBe("what's the postulate")
    expect(withoutOrdinal('what is the second postulate')).toBeNull()
    expect(withoutOrdinal('what is the 2022 revenue')).toBeNull()
    expect(['4th', 'second', '21st', '4', 'fourthly'].map(ordinalWord)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ])
  })
})
