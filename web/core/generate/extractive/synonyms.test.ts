import { describe, expect, it } from 'vitest'
import { synonymForms } from './synonyms'
import { wordForm } from './wordForms'

describe('synonymForms', () => {
  it('gives the forms of the words of the same meaning, in any of their forms', () => {
    expect(synonymForms('cap')).toContain(wordForm('limit'))
    expect(synonymForms('caps')).toContain(wordForm('limits'))
    expect(synonymForms('rating')).toEqual([wordForm('recommendation')])
    expect(synonymForms('kids')).toContain(wordForm('children'))
    expect(synonymForms('yearly')).toContain(wordForm('annual'))
    // "will they sell my information": "sale of your information".
    expect(synonymForms('sell')).toContain(wordForm('sale'))
    // "how heavy is it": "Operating weight".
    expect(synonymForms('heavy')).toContain(wordForm('weight'))
    // "what database does atf use": "our in-house metadata store, Edgestore"; "max sq ft": "maximum", "square feet".
    expect(synonymForms('database')).toContain(wordForm('store'))
    expect(synonymForms('max')).toContain(wordForm('maximum'))
    expect(synonymForms('ft')).toContain(wordForm('feet'))
    // "how do i install ripgrep on mac": "If you're a macOS Homebrew … user".
    expect(synonymForms('mac')).toContain(wordForm('macos'))
    // "how much notice to quit": "notice before resignation"; "when are invoices due": "payable within 30 days".
    expect(synonymForms('quit')).toContain(wordForm('resign'))
    expect(synonymForms('due')).toContain(wordForm('payable'))
    expect(synonymForms('contract')).toContain(wordForm('agreement'))
  })

  it('gives a clipped word the word it was clipped from, as people type it ("repo", "stats")', () => {
    expect(synonymForms('repo')).toEqual([wordForm('repository')])
    expect(synonymForms('stats')).toContain(wordForm('statistics'))
    expect(synonymForms('configuration')).toContain(wordForm('config'))
  })

  it('gives none for a word outside every group, and never the word itself', () => {
    expect(synonymForms('ownership')).toEqual([])
    expect(synonymForms('limit')).not.toContain(wordForm('limit'))
  })
})
