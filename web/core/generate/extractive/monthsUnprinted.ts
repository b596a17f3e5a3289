import type { AnswerSource } from '../AnswerGenerator'

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

/** A month with its year ("december 2015", "Dec. 24, 2017", "feb 24 2017"). */
const MONTH_YEAR =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?((?:19|20)\d\d)(?!\d)/giu

/**
 * The months an ask names with their year ("totals for december 2015") that no passage prints, in full
 * or abbreviated before a number ("Dec. 31", "Dec 2015"), in a passage that prints that year too, nor
 * in numbers ("2015-12-31", "12/2015"): a
 * table of November 2015's figures does not answer December's. Each as its full name and year
 * ("december 2015"), in the ask's order;
 * empty when every month asked is printed, or none is asked.
 */
export function monthsUnprinted(ask: string, sources: readonly AnswerSource[]): string[] {
  const texts = sources.map((source) => `${source.heading ?? ''}\n${source.text}`.toLowerCase())
  const unprinted = new Set<string>()
  for (const [, word, year] of ask.matchAll(MONTH_YEAR)) {
    const month = MONTHS.find((name) => name.startsWith(word!.toLowerCase()))
    if (!month) continue
    const printed = new RegExp(`\\b(?:${month}|${month.slice(0, 3)}\\.?(?=\\s*\\d))(?!\\p{L})`, 'u')
    const inYear = new RegExp(`(?<!\\d)${year}(?!\\d)`, 'u')
    // Written in numbers: "2015-12", "2015-12-31", "12/2015", "12/31/2015".
    const m = MONTHS.indexOf(month) + 1
    const numeric = new RegExp(
      `(?<!\\d)${year}[-/.]0?${m}(?!\\d)|(?<![\\d/.-])0?${m}[-/.](?:\\d{1,2}[-/.])?${year}(?!\\d)`,
      'u',
    )
    if (!texts.some((text) => (printed.test(text) && inYear.test(text)) || numeric.test(text))) {
      unprinted.add(`${month} ${year}`)
    }
  }
  return [...unprinted]
}
