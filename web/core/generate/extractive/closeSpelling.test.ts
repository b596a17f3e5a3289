import { describe, expect, it } from 'vitest'
import { closeSpelling } from './closeSpelling'

describe('closeSpelling', () => {
  it.each([
    ['sentanta', 'setanta'],
    ['arpnet', 'arpanet'],
    ['carslbad', 'carlsbad'],
    ['beriods', 'beroids'],
    ['sheeshanks', 'sheepshanks'],
    ['maiziere', 'maizière'],
    ['starbucks', 'starbuck'],
  ])('takes %s for %s', (typed, word) => {
    expect(closeSpelling(typed, word)).toBe(true)
  })

  it('takes a word the document writes as two', () => {
    expect(closeSpelling('superbowl', 'super', 'bowl')).toBe(true)
    expect(closeSpelling('superbowl', 'super', 'bowls')).toBe(false)
  })

  it.each([
    ['boeing', 'boring', 'a changed letter makes another word'],
    ['tesla', 'tesl', 'a short word'],
    ['intel', 'intell', 'a short word'],
    ['carlsbad', 'carlsbad', 'the word itself is no slip'],
    ['sentanta', 'xentanta', 'another first letter'],
    ['2022q4', '2022q', 'a figure or period'],
  ])('does not take %s for %s (%s)', (typed, word) => {
    expect(closeSpelling(typed, word)).toBe(false)
  })

  it('does not take a word two slips away', () => {
    expect(closeSpelling('starbucks', 'starbu')).toBe(false)
    expect(closeSpelling('alphabet', 'lapbhet')).toBe(false)
  })

  it('keeps an accent the person typed', () => {
    expect(closeSpelling('café', 'cafe')).toBe(false)
  })
})
