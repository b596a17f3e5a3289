import { describe, expect, it } from 'vitest'
import { fileSource as source } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { meaningsListed } from './meaningsListed'

const NAMES = source(
  1,
  [
    'Kestrel may refer to:',
    '',
    '- A small falcon that hovers over fields',
    '- A class of training aircraft',
    '- A web server for .NET',
    '',
    'Kestrel Releases',
    '',
    'Kestrel 2.0 has been released.',
  ].join('\n'),
  'kestrel.docx',
)

describe('meaningsListed', () => {
  it('answers what a word means with the senses a line introduces, as a list', () => {
    const expected = [
      'Kestrel may refer to: [1]',
      '\n- A small falcon that hovers over fields',
      '\n- A class of training aircraft',
      '\n- A web server for .NET',
    ]
    expect(meaningsListed('what does kestrel mean', [NAMES])).toEqual(expected)
    expect(meaningsListed('what can kestrel be?', [NAMES])).toEqual(expected)
    expect(meaningsListed('list the meanings of kestrel', [NAMES])).toEqual(expected)
    expect(composedAnswer('what does kestrel mean', [NAMES]).text).toBe(expected.join(''))
  })

  it("gives none for another word's senses or another question", () => {
    expect(meaningsListed('what does falcon mean', [NAMES])).toBeNull()
    expect(meaningsListed('when was kestrel 2.0 released', [NAMES])).toBeNull()
    const one = source(1, 'Kestrel may refer to:\n\n- A small falcon', 'kestrel.docx')
    expect(meaningsListed('what does kestrel mean', [one])).toBeNull()
  })
})
