import { describe, expect, it } from 'vitest'
import { proseLists } from './proseList'

describe('proseLists', () => {
  it('reads a series after "such as", its last item after "and", leaving out "other projects"', () => {
    expect(
      proseLists(
        'The studio ships many tools such as the Quill editor, Lantern log viewer, Tidy linter, Bolt task runner and other projects.',
      ),
    ).toMatchObject([
      {
        intro: 'The studio ships many tools such as:',
        items: ['the Quill editor', 'Lantern log viewer', 'Tidy linter', 'Bolt task runner'],
      },
    ])
  })

  it('reads a series after "including" or a colon, with an Oxford comma and "or"', () => {
    expect(proseLists('Fees are due in three forms: cash, cheque, or bank transfer.')).toMatchObject([
      { intro: 'Fees are due in three forms:', items: ['cash', 'cheque', 'bank transfer'] },
    ])
    // The sentence goes on after the series.
    expect(proseLists('We met several partners, including Acme, Globex and Initech, in May.')).toMatchObject([
      { intro: 'We met several partners, including:', items: ['Acme', 'Globex', 'Initech'] },
    ])
  })

  it('finds no series in a clause going on after a comma, in two items, or in items as long as sentences', () => {
    expect(proseLists('The pump, such as it is, works when the valve is open.')).toEqual([])
    expect(proseLists('Pick a colour such as red or blue.')).toEqual([])
    expect(
      proseLists(
        'Reasons include the fact that the old pump failed twice in the first winter of use, the cost, and the noise.',
      ),
    ).toEqual([])
  })

  it('reads no list from an example in brackets, nor splits one inside an item', () => {
    expect(proseLists('Results vary by level (such as 90%, 70% and 50%) in the tests.')).toEqual([])
    expect(proseLists('Kits include a saw (steel, 30 cm), a drill, a level and gloves.')).toMatchObject([
      { intro: 'Kits include:', items: ['a saw (steel, 30 cm)', 'a drill', 'a level', 'gloves'] },
    ])
  })

  it('reads a series said to be what its subject is, after "are", where no other cue names one', () => {
    expect(
      proseLists(
        'The three pillars of observability are logs, metrics, and traces. Each answers a question.',
      ),
    ).toMatchObject([
      { intro: 'The three pillars of observability are:', items: ['logs', 'metrics', 'traces'] },
    ])
    // "Fees are due in three forms: …": the colon names the series, not "are".
    expect(proseLists('Fees are due in three forms: cash, cheque, or bank transfer.')).toMatchObject([
      { intro: 'Fees are due in three forms:', items: ['cash', 'cheque', 'bank transfer'] },
    ])
    // A clause going on after "are" is no series of names.
    expect(
      proseLists(
        'The results are shown in the table below, grouped by site, and sorted by the date of the visit.',
      ),
    ).toEqual([])
  })
})
