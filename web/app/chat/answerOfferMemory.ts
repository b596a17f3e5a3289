import { createSignal } from 'solid-js'

const STORAGE_KEY = 'quire.answerOffer'

/**
 * How the first-use question about what answers ended: a model chosen, quotes kept, or the question put
 * away. Two places ask it, the welcome dialog (`FirstRunAnswerChoice`) and the first chat screen
 * (`FirstAnswerOffer`); both read and write this one memory, so a person is asked once.
 */
export type AnswerOfferOutcome = 'model' | 'quotes' | 'dismissed'

// Bumped on every write, so a question already on screen (the chat's offer under the welcome dialog)
// closes when the other place answers it. Storage itself is read each time: it is the one truth.
const [written, setWritten] = createSignal(0)

/** What this browser remembers of the question; null while it has never been answered. Reactive. */
export function answerOfferOutcome(): AnswerOfferOutcome | null {
  written()
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === 'model' || value === 'quotes' || value === 'dismissed' ? value : null
  } catch {
    // Storage blocked (some private modes): asking on every visit would nag, so count it as answered.
    return 'dismissed'
  }
}

/**
 * Remembers the answer in this browser: the question is about what this device can run, so another
 * device asks its own. A model chosen is remembered too, so going back to quotes in Settings later does
 * not bring the question back.
 */
export function rememberAnswerOffer(outcome: AnswerOfferOutcome): void {
  try {
    localStorage.setItem(STORAGE_KEY, outcome)
  } catch {
    // Nothing to remember it in; the question still closes for this visit.
  }
  setWritten((count) => count + 1)
}
