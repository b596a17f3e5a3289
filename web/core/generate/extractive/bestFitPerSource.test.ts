import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { bestFitPerSource } from './bestFitPerSource'
import { tableFigures } from './tableFigures'

const source = (number: number, text: string): AnswerSource =>
  answerSource(number, text, { document_id: 'd', filename: 'ACME_2021_10K.pdf', page: number })

describe('bestFitPerSource', () => {
  it('puts the passage whose equally fitting cell is the largest first, as the answer chooses it', () => {
    const note = '(MILLIONS) | 2021 | 2020\nRevenues | $ 590 | $ 284\nCost of sales | 204 | 2,106'
    const discontinued = '(MILLIONS) | 2021 | 2020\nRevenues | $ 277 | $ 7,572'
    const statement =
      '(MILLIONS) | 2021 | 2020\nRevenues | $ 81,288 | $ 41,651\nCost of sales | 30,821 | 8,484'
    const segments = '(MILLIONS) | 2021 | 2020\nBiopharma product revenues by customer | 79,557 | 40,012'
    const sources = [note, discontinued, segments, statement].map((text, i) => source(i + 1, text))
    const ranked = bestFitPerSource(
      understandQuestion("What were ACME's revenues in 2021?"),
      tableFigures(sources),
      () => true,
    )
    expect(ranked.map(({ number }) => number)).toEqual([4, 1, 2, 3])
  })
})
