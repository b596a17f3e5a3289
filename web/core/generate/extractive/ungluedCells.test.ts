import { describe, expect, it } from 'vitest'
import { ungluedCells } from './ungluedCells'

const cells = (row: string) => row.split(/\s*\|\s*/u)

describe('ungluedCells', () => {
  it('puts amounts a PDF glued to the label back in the empty columns after it', () => {
    expect(ungluedCells(cells('Revenues $ 44,538 $ 37,403 $ | | | 39,117'))).toEqual([
      'Revenues',
      '$ 44,538',
      '$ 37,403',
      '39,117',
    ])
    expect(ungluedCells(cells('Footwear $ 28,021 $ | | 23,305 | 20'))).toEqual([
      'Footwear',
      '$ 28,021',
      '23,305',
      '20',
    ])
    expect(ungluedCells(cells('Basic $ 3.64 $ 1.63 $ | | | 2.55'))).toEqual([
      'Basic',
      '$ 3.64',
      '$ 1.63',
      '2.55',
    ])
  })

  it('leaves a label that ends in a number of its own, a year, or no empty cells for the amounts', () => {
    for (const row of [
      'Notes due 2025 | | 500',
      'Tier 1 | | 12.5%',
      'Senior notes 4,000 | 300 | 200',
      'Revenues $ 44,538 $ 37,403 | | 5',
      'Total revenues | 66,608 | 62,286',
      'Revenues $ 45 | |',
    ]) {
      expect(ungluedCells(cells(row))).toEqual(cells(row))
    }
  })
})
