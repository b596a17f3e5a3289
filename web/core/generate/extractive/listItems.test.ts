import { describe, expect, it } from 'vitest'
import { fileSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { listedLines } from './listedLines'
import { listItems } from './listItems'
import { passageLines } from './passageLines'

/** A Markdown section as a chunk writes it: its heading, a blank line, the list's items one a line. */
const OPTIONS =
  'Options\n\n--indent N: indent nested elements by N spaces (default 2).\n--in-place: overwrite each input file with its formatted version.\n--check: exit with status 1 if any file is not already formatted; prints nothing else.\n--strip-comments: remove XML comments from the output.\n\nOptions may be given in any order before the files, and the last of two that clash wins over the first.'

describe('listItems', () => {
  it("takes a list's unmarked items however long, where the chunk keeps them one block, and ends with it", () => {
    const lines = passageLines(OPTIONS)
    expect(listedLines(OPTIONS)).toEqual(new Set([1, 2, 3, 4]))
    expect(listItems(lines, 0, false, listedLines(OPTIONS))).toEqual(lines.slice(1, 5))
    // Without knowing the block, a long line is the text going on.
    expect(listItems(lines, 0)).toEqual(lines.slice(1, 3))
  })

  it('knows no table rows and no single paragraphs for list items', () => {
    expect(listedLines('Fees\n\nItem | Cost\nShare | $500\n\nA share is refunded on leaving.')).toEqual(
      new Set(),
    )
  })

  it('lists every option of a README section, and every rule of a Word list under its numbered heading', () => {
    const options = fileSource(1, OPTIONS, 'README-tidyxml.md', 'tidyxml > Options')
    expect(composedAnswer('what options does tidyxml have', [options]).text).toBe(
      'Options [1]\n- --indent N: indent nested elements by N spaces (default 2).\n- --in-place: overwrite each input file with its formatted version.\n- --check: exit with status 1 if any file is not already formatted; prints nothing else.\n- --strip-comments: remove XML comments from the output.',
    )
    const rules = fileSource(
      1,
      '4. Rules of the Co-operative\n\nQuiet hours are from 10 p.m. to 7 a.m. every day.\nPets are allowed, up to two per unit, but dogs must be leashed in common areas.\nBicycles may not be stored in hallways or stairwells.',
      'handbook.docx',
      'Member Handbook > 4. Rules of the Co-operative',
    )
    expect(composedAnswer('list the rules', [rules]).text).toBe(
      '4. Rules of the Co-operative [1]\n- Quiet hours are from 10 p.m. to 7 a.m. every day.\n- Pets are allowed, up to two per unit, but dogs must be leashed in common areas.\n- Bicycles may not be stored in hallways or stairwells.',
    )
  })
})
