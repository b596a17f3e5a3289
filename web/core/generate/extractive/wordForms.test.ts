import { describe, expect, it } from 'vitest'
import { wordForm } from './wordForms'

describe('wordForm', () => {
  it('gives irregular verb forms their infinitive', () => {
    for (const [form, infinitive] of [
      ['won', 'win'],
      ['lost', 'lose'],
      ['went', 'go'],
      ['thrown', 'throw'],
      ['taught', 'teach'],
      ['bought', 'buy'],
      ['began', 'begin'],
    ]) {
      expect(wordForm(form!), `${form} ~ ${infinitive}`).toBe(wordForm(infinitive!))
    }
  })

  it('gives plurals, irregular ones too, their singular', () => {
    for (const [plural, one] of [
      ['children', 'child'],
      ['mice', 'mouse'],
      ['criteria', 'criterion'],
      ['battles', 'battle'],
      ['companies', 'company'],
    ]) {
      expect(wordForm(plural!), `${plural} ~ ${one}`).toBe(wordForm(one!))
    }
  })

  it('joins a word with its derived and regular forms by their stem', () => {
    for (const [a, b] of [
      ['election', 'elected'],
      ['interceptions', 'intercepted'],
      ['generation', 'generated'],
    ]) {
      expect(wordForm(a!), `${a} ~ ${b}`).toBe(wordForm(b!))
    }
  })

  it('writes small numbers spelled as words in digits, but not "one", as often a pronoun', () => {
    expect(wordForm('four')).toBe(wordForm('4'))
    expect(wordForm('twelve')).toBe('12')
    expect(wordForm('one')).not.toBe('1')
  })

  it('keeps apart words that only look alike, and leaves other scripts and numbers alone', () => {
    for (const [a, b] of [
      ['news', 'new'],
      ['car', 'cart'],
      ['win', 'wine'],
      ['trace', 'tracking'],
    ]) {
      expect(wordForm(a!), `${a} !~ ${b}`).not.toBe(wordForm(b!))
    }
    for (const word of ['2022', 'fy2022', 'maizière', '東京']) expect(wordForm(word)).toBe(word)
  })
})
