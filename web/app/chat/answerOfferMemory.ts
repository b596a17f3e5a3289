const STORAGE_KEY = 'quire.answerOffer'

/** How the first-use offer of a model ended: a model chosen, quotes kept, or the offer put away. */
export type AnswerOfferOutcome = 'model' | 'quotes' | 'dismissed'

/** What this browser remembers of the offer; null while it has never been answered. */
export function answerOfferOutcome(): AnswerOfferOutcome | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === 'model' || value === 'quotes' || value === 'dismissed' ? value : null
  } catch {
    // Storage blocked (some private modes): offering on every visit would nag, so count it as answered.
    return 'dismissed'
  }
}

/**
 * Remembers the answer in this browser: the offer is about what this device can run, so another device
 * offers its own. A model chosen is remembered too, so going back to quotes in Settings later does not
 * bring the offer back.
 */
export function rememberAnswerOffer(outcome: AnswerOfferOutcome): void {
  try {
    localStorage.setItem(STORAGE_KEY, outcome)
  } catch {
    // Nothing to remember it in; the offer still closes for this visit.
  }
}
