import { describe, expect, it } from 'vitest'
import { containsSequence, scoreAnswer } from './scoreAnswer'
import { stripCitations } from './stripCitations'

describe('stripCitations', () => {
  it('removes numeric citation markers and the space before punctuation they leave', () => {
    expect(stripCitations('Tesla was born in 1856 [1].')).toBe('Tesla was born in 1856.')
    expect(stripCitations('Both [2, 3] agree [1][4]; see [source 2] and [Doc 5-6]')).toBe(
      'Both agree; see and',
    )
  })

  it('keeps brackets that are not citations', () => {
    expect(stripCitations('He wrote [sic] it [citation needed] in [1990s]')).toBe(
      'He wrote [sic] it [citation needed] in [1990s]',
    )
  })
})

describe('containsSequence', () => {
  it('finds a contiguous run only', () => {
    expect(containsSequence(['a', 'b', 'c', 'd'], ['b', 'c'])).toBe(true)
    expect(containsSequence(['a', 'b', 'c', 'd'], ['c', 'd'])).toBe(true)
    expect(containsSequence(['a', 'b', 'c', 'd'], ['b', 'd'])).toBe(false)
    expect(containsSequence(['a'], ['a', 'b'])).toBe(false)
    expect(containsSequence(['a'], [])).toBe(false)
  })
})

describe('scoreAnswer (no model)', () => {
  it('calls an exact answer correct with confidence 1', () => {
    expect(scoreAnswer('Kawann Short', ['Kawann Short'])).toEqual({
      is_correct: true,
      confidence: 1,
      reasoning:
        'the reference answer "Kawann Short" appears in the answer (token F1 1.00 against the best of 1 reference answer(s))',
    })
  })

  it('calls a long extractive sentence that contains the reference correct, F1 notwithstanding', () => {
    // [kawann short led team in sacks with 11] vs [kawann short]: F1 = 2(2/8)(1)/(2/8 + 1) = 0.4
    const verdict = scoreAnswer('Kawann Short led the team in sacks with 11 [1].', ['Kawann Short'])
    expect(verdict.is_correct).toBe(true)
    expect(verdict.confidence).toBeCloseTo(0.5 + 0.5 * 0.4, 10)
    expect(verdict.reasoning).toBe(
      'the reference answer "Kawann Short" appears in the answer (token F1 0.40 against the best of 1 reference answer(s))',
    )
  })

  it('does not count the reference words scattered through the answer', () => {
    // [kawann allen was short on sacks this year] vs [kawann short]: F1 = 0.4, not contiguous
    expect(scoreAnswer('Kawann Allen was short on sacks this year.', ['Kawann Short'])).toEqual({
      is_correct: false,
      confidence: expect.closeTo(0.4, 10) as number,
      reasoning:
        'token F1 0.40 against the best of 1 reference answer(s); no reference answer appears in the answer',
    })
  })

  it('accepts F1 >= 0.5 without containment, with confidence = F1', () => {
    const verdict = scoreAnswer('Denver Broncos team', ['Panthers', 'the Broncos of Denver'])
    expect(verdict).toEqual({
      is_correct: true,
      confidence: expect.closeTo(2 / 3, 10) as number,
      reasoning: 'token F1 0.67 against the best of 2 reference answer(s)',
    })
  })

  it('strips citations before scoring, so a marker cannot match a numeric reference', () => {
    expect(scoreAnswer('The defense had 24 interceptions [1][2].', ['1']).is_correct).toBe(false)
    expect(scoreAnswer('The defense had 24 interceptions [1][2].', ['24']).is_correct).toBe(true)
    // Without stripping, "[1]" would add a token: F1 of [24] alone vs [24] is 1.
    expect(scoreAnswer('24 [1]', ['24']).confidence).toBe(1)
  })

  it('finds a name in its possessive form', () => {
    expect(
      scoreAnswer("Despite Manning's problems with interceptions, he threw none.", ['Manning']),
    ).toMatchObject({
      is_correct: true,
    })
  })

  it('picks the reference the answer contains most tightly', () => {
    const verdict = scoreAnswer('It had four forced fumbles', ['4', 'four', 'four forced fumbles'])
    // [it had four forced fumbles] vs [four forced fumbles]: p = 3/5, r = 1, F1 = 0.75 -> 0.875
    expect(verdict.confidence).toBeCloseTo(0.875, 10)
    expect(verdict.reasoning).toMatch(/^the reference answer "four forced fumbles" appears/u)
  })

  it('calls an empty or unrelated answer incorrect', () => {
    expect(scoreAnswer('', ['Paris']).is_correct).toBe(false)
    expect(scoreAnswer('I could not find this in the documents.', ['Paris'])).toMatchObject({
      is_correct: false,
      confidence: 0,
    })
  })
})
