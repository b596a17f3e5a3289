import { describe, expect, it } from 'vitest'
import { answerSource } from '../testing/answerSource'
import { composedAnswer } from '../testing/composedAnswer'
import { originAsk, saysOrigin } from './nameOrigin'

/** An encyclopedia's page on a river: who named it where, and what the name is made of. */
const HISTORY = answerSource(
  1,
  'The settlers named the river Tamsett after the ferryman who first crossed it, a shortening of "Thames" and "Bassett". Colonel Orme says he came up with the name "Tamsett" at a council meeting in the fort. The town’s income comes from the toll on the river’s bridge.',
  { filename: 'tamsett-river.html', heading: 'Tamsett River > History' },
)

describe('nameOrigin', () => {
  it('reads a question asking where a name comes from, in the shapes people type', () => {
    expect(originAsk('where does the name tamsett come from')).toBe(true)
    expect(originAsk('where did the river get its name')).toBe(true)
    expect(originAsk('what is the origin of the name')).toBe(true)
    expect(originAsk('why is it called tamsett')).toBe(true)
    expect(originAsk('where does the river come from')).toBe(true)
    expect(originAsk('where is the tamsett river')).toBe(false)
    expect(originAsk('what is the name of the river')).toBe(false)
  })

  it('holds a sentence saying what a name is made of or after whom, not where anything else comes from', () => {
    expect(saysOrigin('The river was named after the ferryman.')).toBe(true)
    expect(saysOrigin('Its name is a blending of "Thames" and "Bassett".')).toBe(true)
    expect(saysOrigin('The word comes from the Old English for a ford.')).toBe(true)
    expect(saysOrigin('The town’s income comes from the toll on the bridge.')).toBe(false)
    expect(saysOrigin('Colonel Orme came up with the name at a council meeting.')).toBe(false)
  })

  it('answers where a name comes from with what it is made of, not where someone thought of it', () => {
    const answer = composedAnswer('where does the name tamsett come from', [HISTORY]).text
    expect(answer).toMatch(/^The settlers named the river Tamsett after the ferryman/u)
  })
})
