/** A count: digits, or an English number word, or "a few", "several". */
const COUNT =
  '(?:\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|a\\s+few|few|several)'
/** Units of time: a closed class, as the months are. */
const UNIT =
  '(?:milliseconds?|ms|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?|yrs?|decades?|centuries|century)'
const DURATION = new RegExp(
  `\\b${COUNT}(?:\\s*-\\s*|\\s+)${UNIT}\\b|\\b(?:once|twice|thrice|hourly|daily|nightly|weekly|monthly|quarterly|yearly|annually)\\b`,
  'iu',
)

/**
 * Whether a sentence states a length of time or how often ("once every two seconds", "10-15 years",
 * "weekly"): the kind of answer "how long" and "how often" ask for. English number words and units.
 */
export function holdsDuration(text: string): boolean {
  return DURATION.test(text)
}
