import { spelledByInitials } from '../generate/extractive/spelledByInitials'
import { tokenize } from './index/tokenize'
import type { DefinedTerm } from './understandQuestion'

/** Longer "abbreviations" are words ("Company", "Notes") that a document gave a meaning to. */
const MAX_LETTERS = 6
const WORD = /[\p{L}\p{N}]+/gu

/**
 * The query again with each abbreviation the collection's documents define written out as they
 * define it: "Who is the CEO of Kraft Heinz?" is also searched as "Who is the Chief Executive Officer
 * of Kraft Heinz?", since the page that names the person often spells the title out and never uses
 * the abbreviation. Only the words of a definition whose initials spell the abbreviation are used
 * ("The Chief Executive Officer of CVS Health Corporation (CEO)" gives "Chief Executive Officer"), so
 * a definition's other words (another company's name) never enter the search; a definition whose
 * initials do not spell it ("the Company") is not used. Null when the query has none.
 */
export function spellOutAbbreviations(query: string, definedTerms: readonly DefinedTerm[]): string | null {
  let changed = false
  const spelled = query.replace(WORD, (word) => {
    if (word.length < 2 || word.length > MAX_LETTERS || !/^\p{L}+$/u.test(word)) return word
    // "it", "us", "or" typed in lower case are words, not "IT", "US" or "OR".
    if (word.length === 2 && word !== word.toUpperCase()) return word
    const long = commonestSpelling(word.toLowerCase(), definedTerms)
    if (!long) return word
    changed = true
    return long
  })
  return changed ? spelled : null
}

function commonestSpelling(abbreviation: string, definedTerms: readonly DefinedTerm[]): string | null {
  const counts = new Map<string, number>()
  for (const { short, long } of definedTerms) {
    if (short.toLowerCase() !== abbreviation) continue
    const span = initialsSpan(abbreviation, long)
    if (span) counts.set(span, (counts.get(span) ?? 0) + 1)
  }
  let best: string | null = null
  for (const [span, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = span
  return best
}

/** The words of `long` whose initials spell `abbreviation`, as `long` writes them. */
function initialsSpan(abbreviation: string, long: string): string | null {
  const words = [...long.matchAll(WORD)].map(([word]) => word)
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= words.length; end++) {
      const span = words.slice(start, end)
      // A span starts and ends with words search reads ("The Chief Executive Officer" is "Chief…").
      if (tokenize(span[0]!).length === 0 || tokenize(span[span.length - 1]!).length === 0) continue
      const terms = tokenize(span.join(' '))
      if (terms.length !== abbreviation.length) continue
      if (spelledByInitials(abbreviation, terms) && terms[0]!.startsWith(abbreviation[0]!))
        return span.join(' ')
    }
  }
  return null
}
