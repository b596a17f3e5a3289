import { describe, expect, it } from 'vitest'
import { fileSource as source } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { directoryEntry } from './directoryEntry'

const CLUB = source(
  1,
  [
    'Okafor, Nneka',
    '12 Harbour Road',
    'Whitby, YO21 3PU',
    '(H) 01947 600123',
    'nneka.okafor@example.org',
    'Ms. Okafor keeps the club’s boats and is its treasurer.',
    'Lindqvist, Per',
    '7 Mill Lane',
    'Scarborough, YO11 2AB',
    '(M) 07700 900456',
    'per.lindqvist@example.org',
    'Mr. Lindqvist teaches sailing to the juniors.',
  ].join('\n\n'),
  'club-directory.docx',
)

describe('directoryEntry', () => {
  it('answers where someone lives, their phone and their e-mail from the lines under their name', () => {
    expect(directoryEntry('where does nneka okafor live', [CLUB])).toBe(
      'Okafor, Nneka: 12 Harbour Road, Whitby, YO21 3PU [1]',
    )
    // Her entry's number, not the next entry's, which the sentence about her stands next to.
    expect(directoryEntry("what is nneka okafor's phone number", [CLUB])).toBe(
      'Okafor, Nneka: (H) 01947 600123 [1]',
    )
    expect(directoryEntry('per lindqvist email', [CLUB])).toBe(
      'Lindqvist, Per: per.lindqvist@example.org [1]',
    )
    expect(composedAnswer("what's per lindqvist's address", [CLUB]).text).toBe(
      'Lindqvist, Per: 7 Mill Lane, Scarborough, YO11 2AB [1]',
    )
  })

  it('gives none for someone not listed, or a question asking something else', () => {
    expect(directoryEntry('where does anna berg live', [CLUB])).toBeNull()
    expect(directoryEntry('who is the treasurer', [CLUB])).toBeNull()
  })
})
