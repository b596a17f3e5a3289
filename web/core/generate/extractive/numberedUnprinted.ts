import type { AnswerSource } from '../AnswerGenerator'

/** Things counted by a number before them, as offers, plans and documents number them. */
const UNITS =
  'year|month|week|day|hour|star|room|bedroom|seat|door|step|level|grade|tier|phase|stage|chapter|section|part|slide|lesson|module|round'
/** "7 year", "5-star", "3 bedroom": a number, then what it counts. */
const NUMBERED = new RegExp(`(?<![\\d.,])(\\d{1,3})[\\s-]*(${UNITS})s?(?!\\p{L})`, 'giu')

/**
 * The numbered things an ask names ("the 7 year fixed rate", "a 5-star room") that no passage prints
 * with that number while the passages print the same thing with others ("2 Year Fixed", "3 Year
 * Fixed"): a rate sheet of one to five years does not give a seven-year rate, and its "5 Year" row is no
 * answer to it. Each as the ask's words ("7 year"), in its order; empty where each is printed, or where
 * the passages number no such thing (they may say it in words).
 */
export function numberedUnprinted(ask: string, sources: readonly AnswerSource[]): string[] {
  const texts = sources.map((source) => `${source.heading ?? ''}\n${source.text}`)
  const unprinted: string[] = []
  for (const [typed, number, unit] of ask.matchAll(NUMBERED)) {
    const numbered = (value: string) => new RegExp(`(?<![\\d.,])${value}[\\s-]*${unit}s?(?!\\p{L})`, 'iu')
    const asked = numbered(number!)
    const any = numbered('\\d{1,3}')
    const printed = texts.some((text) => asked.test(text))
    const others = texts.some((text) => any.test(text))
    if (!printed && others) unprinted.push(typed.toLowerCase().replace(/\s+/gu, ' '))
  }
  return unprinted
}
