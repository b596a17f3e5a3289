import { describe, expect, it } from 'vitest'
import { passageSegments } from './passageSegments'

describe('passageSegments', () => {
  it('finds a table among prose, its rows split into cells', () => {
    const text = [
      'Nutrition per portion',
      'Food | Portion | Calories',
      'Berries | 100 g | 150',
      'Oats | 40 g | 150',
      'Values are approximate.',
    ].join('\n')
    expect(passageSegments(text)).toEqual([
      { kind: 'text', text: 'Nutrition per portion' },
      {
        kind: 'table',
        rows: [
          ['Food', 'Portion', 'Calories'],
          ['Berries', '100 g', '150'],
          ['Oats', '40 g', '150'],
        ],
      },
      { kind: 'text', text: 'Values are approximate.' },
    ])
  })

  it('leaves a lone line with a pipe as text', () => {
    expect(passageSegments('Use a | b as the separator.\nNothing else.')).toEqual([
      { kind: 'text', text: 'Use a | b as the separator.\nNothing else.' },
    ])
  })

  it('starts another table where the number of cells changes', () => {
    const segments = passageSegments('a | b\nc | d\ne | f | g\nh | i | j')
    expect(segments).toEqual([
      {
        kind: 'table',
        rows: [
          ['a', 'b'],
          ['c', 'd'],
        ],
      },
      {
        kind: 'table',
        rows: [
          ['e', 'f', 'g'],
          ['h', 'i', 'j'],
        ],
      },
    ])
  })

  it('keeps text without tables whole', () => {
    expect(passageSegments('The spring tide reached 4.2 metres.')).toEqual([
      { kind: 'text', text: 'The spring tide reached 4.2 metres.' },
    ])
  })
})
