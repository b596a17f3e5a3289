import { describe, expect, it } from 'vitest'
import { inlineList } from './inlineList'

describe('inlineList', () => {
  it('reads a heading in capitals run into its sentences as the heading and the sentences', () => {
    expect(
      inlineList(
        'RETURNS Keep the receipt with the parcel. Pack the item in its own box. Post it within 30 days.',
      ),
    ).toEqual({
      intro: 'RETURNS',
      items: [
        'Keep the receipt with the parcel.',
        'Pack the item in its own box.',
        'Post it within 30 days.',
      ],
    })
  })

  it('reads capitalised items run after a colon, each opening at a capital after a word in lower case', () => {
    expect(
      inlineList(
        '| The kitchen lead checks the stores including: Rotation of dry goods Cold room temperatures Labels on opened tins | |',
      ),
    ).toEqual({
      intro: 'The kitchen lead checks the stores including:',
      items: ['Rotation of dry goods', 'Cold room temperatures', 'Labels on opened tins'],
    })
  })

  it('reads bulleted items a PDF ran into one line after their introduction', () => {
    expect(
      inlineList(
        '4. Criteria against which the tenders were assessed: Open Tender. Criteria included: - The schedule of prices - Compliance with technical specifications - Operational plan',
      ),
    ).toEqual({
      intro: 'Criteria included:',
      items: ['The schedule of prices', 'Compliance with technical specifications', 'Operational plan'],
      lead: '4. Criteria against which the tenders were assessed: Open Tender.',
    })
    // The text going on after the last item, a sentence run into it, is not the item's.
    expect(
      inlineList(
        'The Treasurer shall: - keep the accounts - collect dues for examination The Secretary keeps the minutes.',
      ),
    ).toEqual({ intro: 'The Treasurer shall:', items: ['keep the accounts', 'collect dues for examination'] })
    // A dash inside a sentence after a colon is no bullet.
    expect(inlineList('Note: the office - the one on the quay - is closed on Mondays.')).toBeNull()
  })

  it('reads no list in a sentence going on after a colon, a row of several cells or a plain sentence', () => {
    expect(inlineList('Note: The office is closed on Mondays. Call ahead.')).toBeNull()
    expect(inlineList('| Name | Date | Signature |')).toBeNull()
    expect(inlineList('The crew checks its tools every morning before work.')).toBeNull()
    expect(inlineList('WARNING Hot surface.')).toBeNull()
    // A paragraph whose last sentence ends with a colon, and names run together, are no such list.
    expect(
      inlineList(
        'The museum opened in 1857. Its painters include: John Constable Thomas Gainsborough William Blake',
      ),
    ).toBeNull()
    expect(
      inlineList('Painters represented include: John Constable Thomas Gainsborough William Blake'),
    ).toBeNull()
  })

  it("reads a paper's numbered run after a colon, its introduction the sentence the colon ends", () => {
    expect(
      inlineList(
        'Fine-tuning is costly. Our contributions are as follows: (1) we introduce sparse adapter masks; (2) we show a schedule that anneals the mask density; and (3) we release code and checkpoints. We then review related work.',
      ),
    ).toEqual({
      intro: 'Our contributions are as follows:',
      items: [
        'we introduce sparse adapter masks',
        'we show a schedule that anneals the mask density',
        'we release code and checkpoints',
      ],
    })
    // Roman and lettered numbers; a mark out of order is the item's text ("(b)" inside item i).
    expect(
      inlineList(
        'The method has two stages: (i) a search over plans (a) and (b) alike, and (ii) a repair pass.',
      )?.items,
    ).toEqual(['a search over plans (a) and (b) alike', 'a repair pass'])
    expect(inlineList('We compare: 1) a vector store 2) a keyword index.')?.items).toEqual([
      'a vector store',
      'a keyword index',
    ])
    // One numbered thing is no list.
    expect(inlineList('See the appendix: (1) holds the proof.')).toBeNull()
  })
})
