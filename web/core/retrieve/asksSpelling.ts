/** A question about what a short form stands for (or means), not about the value it names. */
const ASKS_SPELLING = /\b(?:stands?\s+for|mean|means|meaning|abbreviation|acronym|short\s+for)\b/iu

/** Whether the question asks what a short form stands for ("what does IKWG stand for", "SSP meaning"). */
export function asksSpelling(question: string): boolean {
  return ASKS_SPELLING.test(question)
}
