import { describe, expect, it } from 'vitest'
import { answerSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { statesFocus } from './statesFocus'

/** A library's rules: the fine for a late return said under a run-in heading, and named in passing elsewhere. */
const FINES = answerSource(
  2,
  'Fine for late return of books. If you return books late, the fine is usually 20 cents of the price of each book for each day or part of a day the book is not brought back. The fine can be as much as the price of the book.',
  { filename: 'library-rules.pdf', heading: 'Borrowing > Fines' },
)
const RENEWALS = answerSource(
  1,
  'You may renew a book twice. However, even if your renewal is granted, you will be charged a fee and may be charged a fine if you return books late.',
  { filename: 'library-rules.pdf', heading: 'Borrowing > Renewals' },
)

describe('statesFocus', () => {
  it('holds where the asked noun is what a sentence says is something, not where it is named in passing', () => {
    const ask = 'what is the fine for returning books late'
    expect(
      statesFocus(ask, 'fine', 'If you return your books late, the fine is usually 20 cents a day.'),
    ).toBe(true)
    expect(statesFocus(ask, 'fine', 'Fines can be as much as the price of the book.')).toBe(true)
    expect(statesFocus(ask, 'fine', 'You may return the book late and be charged a fine.')).toBe(false)
    // Only a question asking what a thing is, and only of the thing asked.
    expect(statesFocus('how do i pay the fine', 'fine', 'The fine is 20 cents a day.')).toBe(false)
    expect(statesFocus(ask, 'fine', 'The book is overdue.')).toBe(false)
    expect(statesFocus(ask, null, 'The fine is 20 cents a day.')).toBe(false)
  })

  it('answers "what is the fine…" with the sentence that says what the fine is, first', () => {
    const answer = composedAnswer('what is the fine for returning books late', [RENEWALS, FINES]).text
    expect(answer).toMatch(
      /^Fine for late return of books\. If you return books late, the fine is usually 20 cents/u,
    )
  })
})
