import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import { placeBesideAsk } from './placeBesideAsk'

describe('placeBesideAsk', () => {
  const understanding = understandQuestion('Acme headquarters city')

  it('reads a keyword question ending in the kind of place as a "where" question', () => {
    expect(understanding.wants).toBe('place')
    expect(understandQuestion('What is the capital city?').wants).not.toBe('place')
  })

  it('finds a place right after the asked word', () => {
    expect(
      placeBesideAsk('Our corporate headquarters are located in Los Gatos, California.', understanding),
    ).toBe(true)
  })

  it('finds none where the word and a capitalised one stand apart', () => {
    expect(
      placeBesideAsk(
        'The Company changed its currency following the redomiciliation of the European headquarters.',
        understanding,
      ),
    ).toBe(false)
    expect(placeBesideAsk('Our headquarters were expanded in the third quarter.', understanding)).toBe(false)
  })
})
