import { describe, expect, it } from 'vitest'
import { ANSWER_SETS, selectedAnswerSets } from './selectedAnswerSets'

describe('selectedAnswerSets', () => {
  it('runs every set when ANSWERS_SETS is unset or empty', () => {
    expect([...selectedAnswerSets(undefined)]).toEqual([...ANSWER_SETS])
    expect([...selectedAnswerSets(' , ')]).toEqual([...ANSWER_SETS])
  })

  it('runs only the sets named', () => {
    expect([...selectedAnswerSets('library-dev')]).toEqual(['library-dev'])
    expect([...selectedAnswerSets('natural, xquad-en')].sort()).toEqual(['natural', 'xquad-en'])
  })

  it('refuses a name that is no set, naming the known ones', () => {
    expect(() => selectedAnswerSets('library')).toThrow(/unknown set library; known: xquad-en/)
  })
})
