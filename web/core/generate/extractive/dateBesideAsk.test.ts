import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { candidateSentences } from './candidateSentences'
import { dateBesideAsk } from './dateBesideAsk'
import { scoreSentences } from './scoreSentences'

const question = "When does Acme's fiscal year end?"

describe('dateBesideAsk', () => {
  it('finds a date right after the asked words, in any of their forms', () => {
    const understanding = understandQuestion(question)
    expect(dateBesideAsk('Our fiscal year ends on January 31 for our U.S. operations.', understanding)).toBe(
      true,
    )
    expect(dateBesideAsk('Our fiscal year ends on the last Sunday in May.', understanding)).toBe(true)
  })

  it('finds none where the date stands apart from the asked words', () => {
    const understanding = understandQuestion(question)
    expect(
      dateBesideAsk(
        'Acme unit counts are stated as of December 31, to correspond with the fiscal year end of the related market.',
        understanding,
      ),
    ).toBe(false)
    expect(dateBesideAsk('The fiscal year was a good one for Acme.', understanding)).toBe(false)
  })

  it('ranks the sentence with the date beside the ask first', () => {
    const sources = [
      {
        number: 1,
        chunk_id: 'c1',
        document_id: 'd',
        filename: 'ACME_10K.pdf',
        page: 4,
        heading: null,
        score: 1,
        text:
          'International unit counts are stated as of December 31, to correspond with the fiscal year end of the related market. ' +
          'Our fiscal year ends on January 31 for our U.S. operations.',
      },
    ]
    const scores = scoreSentences(understandQuestion(question), candidateSentences(sources))
    expect(scores.ranked[0]?.sentence.text).toMatch(/^Our fiscal year ends on January 31/u)
  })
})
