/**
 * A prefix that is no word of its own, typed before a hyphen ("anti-circumvention", "pre-trial",
 * "co-founder"): the text may say the word without it ("circumvention", "trial"). Not "non", "un" or
 * "in": they say the opposite of the word.
 */
const HYPHENED_PREFIX =
  /\b(anti|pre|post|re|co|sub|semi|multi|inter|intra|cross|counter|over|under)-(?=\p{L})/giu

/** The prefixes `text` types before a hyphen, in lower case: words no passage need print. */
export function hyphenedPrefixes(text: string): Set<string> {
  return new Set([...text.matchAll(HYPHENED_PREFIX)].map((match) => match[1]!.toLowerCase()))
}
