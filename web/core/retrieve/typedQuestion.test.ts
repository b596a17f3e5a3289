import { describe, expect, it } from 'vitest'
import { typedQuestion } from './typedQuestion'

describe('typedQuestion', () => {
  it('writes out the shorthand people type into a chat box', () => {
    expect(typedQuestion('wat is CMI in the dmca summary')).toBe('what is CMI in the dmca summary')
    expect(typedQuestion('how many ppl took part')).toBe('how many people took part')
    expect(typedQuestion("who's the supt at the special mtg")).toBe(
      "who's the superintendent at the special meeting",
    )
    expect(typedQuestion('which days dont count')).toBe('which days do not count')
    expect(typedQuestion('whats the point of it')).toBe('what is the point of it')
    expect(typedQuestion('run it w/ docker w/o root pls')).toBe('run it with docker without root please')
    expect(typedQuestion('diff between a program and a process?')).toBe(
      'difference between a program and a process?',
    )
  })

  it("writes out a reference's abbreviation before its number", () => {
    expect(typedQuestion('which areas does art 3 single out')).toBe('which areas does article 3 single out')
    expect(typedQuestion('what does sec. 4.2 say, and Fig 2?')).toBe(
      'what does section 4.2 say, and figure 2?',
    )
    expect(typedQuestion('summarize ch 13 of the handbook')).toBe('summarize chapter 13 of the handbook')
  })

  it('leaves names, commands, paths and other words alone', () => {
    for (const question of [
      'what does git diff show',
      'what happened around 300 bc',
      'U.S. revenue in 2022',
      'what does r/u/x mean',
      'what is PPL in the report',
      'who wrote watt',
      'art of the deal sales in 1987',
      'the ch. about taxes',
      'what does MTG stand for',
    ])
      expect(typedQuestion(question)).toBe(question)
  })

  it('asks who attended a gathering for "who was at" it, and nothing else', () => {
    expect(typedQuestion('who was at the pta meeting')).toBe('who attended the pta meeting')
    expect(typedQuestion('who were at the agm?')).toBe('who attended the agm?')
    expect(typedQuestion('who was at fault')).toBe('who was at fault')
    expect(typedQuestion('who was in the lead role')).toBe('who was in the lead role')
  })
})
