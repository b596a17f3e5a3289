import { describe, expect, it } from 'vitest'
import { citedNumbers } from './citedNumbers'

describe('citedNumbers', () => {
  it('reads single, listed and adjacent citations', () => {
    expect([...citedNumbers('Tides rose [1]. Birds nested [2, 3][5].')].sort()).toEqual([1, 2, 3, 5])
  })

  it('finds none in a refusal that cites nothing', () => {
    expect(citedNumbers('The documents do not contain the answer.').size).toBe(0)
  })

  it('ignores brackets that are not numbers', () => {
    expect(citedNumbers('See [the table] and [a, 1].').size).toBe(0)
  })
})
