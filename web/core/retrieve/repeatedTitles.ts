import type { DefinedTerm } from './understandQuestion'

/** A capitalised phrase must recur this often in a document to stand for its initials there. */
const MIN_REPEATS = 3
/** At most this many per document: the most repeated first. */
const MAX_TITLES = 60
const TITLE_RUN = /\b\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+){1,4}\b/gu

/**
 * The initials of the capitalised phrases a document repeats, as terms it defines without saying so:
 * filings write "Chief Financial Officer" dozens of times and "(CFO)" never, while people ask "Who is
 * the CFO?". For each set of initials, the phrase repeated most; none whose initials the document
 * defines in a parenthesis (`explicit`). Used only where a question's acronym meets them (the
 * answerer, and a search with the acronym written out), never to rank search by.
 */
export function repeatedTitles(text: string, explicit: readonly DefinedTerm[]): DefinedTerm[] {
  const counts = new Map<string, number>()
  for (const [run] of text.matchAll(TITLE_RUN)) {
    // Every stretch of two words or more: "Our Chief Financial Officer" at a sentence's start holds the title.
    const words = run.split(/\s+/u)
    for (let start = 0; start < words.length - 1; start++) {
      for (let end = start + 2; end <= words.length; end++) {
        const phrase = words.slice(start, end).join(' ')
        counts.set(phrase, (counts.get(phrase) ?? 0) + 1)
      }
    }
  }
  const defined = new Set(explicit.map(({ short }) => short.toUpperCase()))
  const best = new Map<string, { long: string; count: number }>()
  for (const [long, count] of counts) {
    if (count < MIN_REPEATS) continue
    const short = long
      .split(/\s+/u)
      .map((word) => word[0]!)
      .join('')
    if (defined.has(short)) continue
    const held = best.get(short)
    if (!held || count > held.count) best.set(short, { long, count })
  }
  return [...best]
    .sort((a, b) => b[1].count - a[1].count)
    .slice(0, MAX_TITLES)
    .map(([short, { long }]) => ({ short, long }))
}
