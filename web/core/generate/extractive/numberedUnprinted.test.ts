import { describe, expect, it } from 'vitest'
import { fileSource } from '../../testing/answerSource'
import { numberedUnprinted } from './numberedUnprinted'

const rates = fileSource(
  1,
  [
    'Fixed Rate Home Loans',
    '1 Year Fixed Rate | 3.99%',
    '2 Year Fixed Rate | 3.94%',
    '5 Year Fixed Rate | 4.19%',
  ].join('\n'),
  'rates.pdf',
)

describe('numberedUnprinted', () => {
  it('names a numbered thing asked that the passages print only with other numbers', () => {
    expect(numberedUnprinted('whats the 7 year fixed rate', [rates])).toEqual(['7 year'])
    expect(numberedUnprinted('7-year fixed rate?', [rates])).toEqual(['7-year'])
  })

  it('names nothing where the number asked is printed, or where no passage numbers the thing', () => {
    expect(numberedUnprinted('2 year fixed rate', [rates])).toEqual([])
    expect(numberedUnprinted('whats the 2-year fixed rate', [rates])).toEqual([])
    const hotel = fileSource(2, 'Our rooms overlook the harbour.', 'hotel.html')
    expect(numberedUnprinted('price of a 3 bedroom suite', [hotel])).toEqual([])
  })
})
