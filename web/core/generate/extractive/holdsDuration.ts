import { MONTH } from '../../retrieve/questionPeriods'

/** A count: digits, or an English number word, or "a few", "several". */
const COUNT =
  '(?:\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|a\\s+few|few|several)'
/** Units of time: a closed class, as the months are. */
const UNIT =
  '(?:milliseconds?|ms|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?|yrs?|decades?|centuries|century)'
/** "10 working days", "five clear days", "3 business days": a kind of day between the count and its unit. */
const DAY_KIND = '(?:(?:working|business|calendar|school|clear|consecutive|full|whole|banking|trading)\\s+)?'
const DURATION = new RegExp(
  `\\b${COUNT}(?:\\s*-\\s*|\\s+)${DAY_KIND}${UNIT}\\b|\\b(?:once|twice|thrice|hourly|daily|nightly|weekly|monthly|quarterly|yearly|annually)\\b`,
  'iu',
)

/** "The lease begins on February 1, 2023 and ends on January 31, 2024": a span by its two ends. */
const ENDS =
  /\b(?:begins?|began|starts?|started|commences?|commenced)\b[^.;]{1,60}?\b(?:ends?|ended|expires?|expired|finishes|finished)\b/iu
const YEAR = /\b(?:1[6-9]|20)\d\d\b/gu
/** "Build: May to August", "from January through March": a span between two months. */
const MONTHS = new RegExp(`\\b${MONTH}\\.?\\s+(?:to|through|until|till|[–-])\\s+${MONTH}\\b`, 'iu')

/**
 * Whether a sentence states a length of time or how often ("once every two seconds", "10-15 years",
 * "weekly"), or a span by the dates it begins and ends on: the kind of answer "how long" and "how often"
 * ask for, or a span between two months ("May to August"). English number words, units and months.
 */
export function holdsDuration(
  text: string,
  /**
   * Whether a length of time from a point ("4 weeks after discontinuing", "two days before the hearing")
   * counts: it says when, not how long, unless the question asks how long after or before.
   */
  offsets = true,
): boolean {
  if (MONTHS.test(text) || (ENDS.test(text) && (text.match(YEAR) ?? []).length >= 2)) return true
  if (offsets) return DURATION.test(text)
  return [...text.matchAll(new RegExp(DURATION.source, 'giu'))].some(
    (match) => !OFFSET.test(text.slice(match.index + match[0].length)),
  )
}

/** What makes a length of time a point's distance from another: "… after", "… before", "… ago". */
const OFFSET = /^\s*(?:after|before|later|earlier|ago|prior\s+to|from\s+now)\b/iu
/** A question asking how long after or before something: such a distance is its answer. */
export const OFFSET_ASKED = /\b(?:after|before|later|earlier|ago|prior)\b/iu

/** Whether a word is a unit of time ("days", "hours", "month"): what counts time, not things. */
export function timeUnit(word: string): boolean {
  return DURATION.test(`2 ${word}`)
}

/**
 * The text with its lengths of time and frequencies blanked: "how big can an adu be" asks a size, which
 * "may not be rented for periods of less than 30 days" does not state, though it prints a number.
 */
export function withoutDurations(text: string): string {
  return text.replace(new RegExp(DURATION.source, 'giu'), ' ')
}
