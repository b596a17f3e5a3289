import { describe, expect, it } from 'vitest'
import { fileSource as source } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { exampleGiven } from './exampleGiven'

const GUILDS = source(
  1,
  'What is a craft guild?\n\nA guild is a group of workers who share one trade.\n\nFor example the Weavers, the Coopers',
  'guilds.pptx',
  'Town history > What is a craft guild?',
)
const FAIRS = source(
  2,
  'Fairs were held each spring. For example, the wool fair drew traders from far away.',
  'fairs.md',
)
const LISTING = source(
  3,
  'Listing 4 is a short example.\n\nHere are some examples of a guild charter:\n- the charter of 1402\n- the charter of 1455',
  'charters.md',
)

describe('exampleGiven', () => {
  it('quotes the sentence giving an example in a passage naming what it is an example of', () => {
    expect(exampleGiven('what is an example of a craft guild', [FAIRS, GUILDS])).toBe(
      'For example the Weavers, the Coopers [1]',
    )
    expect(exampleGiven('give me some examples of a guild', [GUILDS])).toBe(
      'For example the Weavers, the Coopers [1]',
    )
  })

  it('gives none where no passage names the thing, or where a sentence only calls something an example or announces a list', () => {
    expect(exampleGiven('what is an example of a craft guild', [FAIRS])).toBeNull()
    expect(exampleGiven('what is an example of a guild charter', [LISTING])).toBeNull()
    expect(exampleGiven('what is a craft guild', [GUILDS])).toBeNull()
  })

  it('answers "give me an example" after a definition with the example, not the definition again', () => {
    const answer = composedAnswer('what is an example of a craft guild', [FAIRS, GUILDS])
    expect(answer.text).toBe('For example the Weavers, the Coopers [1]')
  })
})
