import { describe, expect, it } from 'vitest'
import { reportedUpTo } from './reportedUpTo'

describe('reportedUpTo', () => {
  it('reads the latest year a dated file name names, and allows the year after', () => {
    expect(reportedUpTo('VERIZON_2021_10K.pdf')).toBe(2022)
    expect(reportedUpTo('Annual report 2019-2020.pdf')).toBe(2021)
    expect(reportedUpTo('PEPSICO_2023_8K_dated-2023-05-05.pdf')).toBe(2024)
  })

  it('knows nothing of an undated name, or of numbers that are no year', () => {
    expect(reportedUpTo('01_Warsaw.md')).toBeNull()
    expect(reportedUpTo('invoice-120245.pdf')).toBeNull()
    expect(reportedUpTo('scan_3019.pdf')).toBeNull()
  })
})
