import { describe, expect, it } from 'vitest'
import { clippedRun } from './clippedRun'

describe('clippedRun', () => {
  it('finds the two words a clipped compound joins the starts of', () => {
    expect(clippedRun('capex', ['cash', 'capital', 'expenditures', '2022'])).toEqual([
      'capital',
      'expenditures',
    ])
    expect(clippedRun('opex', ['total', 'operating', 'expenses'])).toEqual(['operating', 'expenses'])
    expect(clippedRun('fintech', ['financial', 'technology', 'firms'])).toEqual(['financial', 'technology'])
  })

  it('needs two consecutive content words, each clipped from its start', () => {
    expect(clippedRun('capex', ['capital', 'spending', 'expenditures'])).toBeNull()
    expect(clippedRun('capex', ['expenditures', 'capital'])).toBeNull()
    expect(clippedRun('income', ['in', 'comes'])).toBeNull()
    expect(clippedRun('ad', ['advertising', 'data'])).toBeNull()
    expect(clippedRun('revenue', ['revenue', 'recognition'])).toBeNull()
  })
})
