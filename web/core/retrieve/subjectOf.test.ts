import { describe, expect, it } from 'vitest'
import { namesIn, subjectOf } from './subjectOf'

describe('subjectOf', () => {
  it('takes the names of a message: runs of capitalised words, numbers and connectors inside them', () => {
    expect(subjectOf('What is Firefox?')).toBe('Firefox')
    expect(subjectOf('When did Super Bowl 50 take place?')).toBe('Super Bowl 50')
    expect(subjectOf('Tell me about the Bank of England')).toBe('Bank of England')
    expect(subjectOf('What did the Edict of Fontainebleau revoke?')).toBe('Edict of Fontainebleau')
    expect(subjectOf('How many Grammys has Lady Gaga won?')).toBe('Grammys Lady Gaga')
    expect(subjectOf('According to the AAA, what share ran out?')).toBe('AAA')
  })

  it('skips sentence openers and asking words that are capitalised only by position', () => {
    expect(subjectOf('Tell me more.')).toBe('')
    expect(subjectOf('Explain Warsaw. Describe its history.')).toBe('Warsaw')
    expect(subjectOf('Hello! Ask me anything.')).toBe('')
  })

  it('keeps a version number whole among content words', () => {
    expect(subjectOf('when was tidyframe 2.2.0 released')).toBe('tidyframe 2.2.0 released')
    expect(subjectOf('what changed in python 3.13')).toBe('changed python 3.13')
    expect(subjectOf('rooms 2 and 3')).toBe('rooms 2 3')
    expect(subjectOf('When was Python 3.13 released?')).toBe('Python 3.13')
  })

  it('falls back to content words without names (lower case, or scripts without case)', () => {
    expect(subjectOf('what is photosynthesis')).toBe('photosynthesis')
    expect(subjectOf('how many people died of the plague in the city?')).toBe('people died plague city')
    expect(subjectOf('What was the population in 2010?')).toBe('population 2010')
    // "worth" asks how much, as "much" does: the contract is the subject.
    expect(subjectOf('how much is the parking machine contract worth')).toBe('parking machine contract')
    expect(subjectOf('東京タワーの高さは')).not.toBe('')
    expect(subjectOf('hi')).toBe('')
    expect(subjectOf('why?')).toBe('')
  })
})

describe('namesIn', () => {
  it('lists each name once, in order, never joining two people on "and"', () => {
    expect(namesIn('Dave Hyatt and Blake Ross started Firefox; Firefox was released in 2004.')).toEqual([
      'Dave Hyatt',
      'Blake Ross',
      'Firefox',
    ])
    expect(namesIn('Grissom, White, and Chaffee died in the fire.')).toEqual(['Grissom', 'White', 'Chaffee'])
    expect(namesIn('no names here')).toEqual([])
  })
})
