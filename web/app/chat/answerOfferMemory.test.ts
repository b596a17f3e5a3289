import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerOfferOutcome, rememberAnswerOffer } from './answerOfferMemory'

/** A localStorage of one Map, as much of it as the memory uses. */
function storage(values = new Map<string, string>()) {
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  }
}

describe('answerOfferMemory', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is unanswered until either place remembers an answer, which both then read', () => {
    vi.stubGlobal('localStorage', storage())
    expect(answerOfferOutcome()).toBeNull()
    rememberAnswerOffer('quotes')
    expect(answerOfferOutcome()).toBe('quotes')
    rememberAnswerOffer('model')
    expect(answerOfferOutcome()).toBe('model')
  })

  it('reads what it does not know as unanswered', () => {
    vi.stubGlobal('localStorage', storage(new Map([['quire.answerOffer', 'maybe']])))
    expect(answerOfferOutcome()).toBeNull()
  })

  it('counts blocked storage as answered, so nobody is asked on every visit', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError')
    }
    vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked })
    expect(answerOfferOutcome()).toBe('dismissed')
    expect(() => rememberAnswerOffer('quotes')).not.toThrow()
  })
})
