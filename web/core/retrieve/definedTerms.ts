import { repeatedTitles } from './repeatedTitles'
import type { DefinedTerm } from './understandQuestion'

/** At most this many defined terms are kept per document: a glossary's worth, not an index. */
export const MAX_DEFINED_TERMS = 200
const MAX_SHORT_CHARS = 12
const MAX_LONG_WORDS = 8

/**
 * The terms a text defines for itself, learned at ingest and used by search and the answerer of its
 * collection (DESIGN.md section 12): an acronym after its long form ("Chief Executive Officer (CEO)",
 * "American Express (Amex)", found by Schwartz and Hearst's algorithm: the short form's letters in
 * order in the words before it, its first letter starting a word), and a quoted name after a name
 * ('Johnson & Johnson (the "Company" or "J&J")', 'Acme Ltd. (the "Supplier")'), where the quotes say
 * it is a definition, and a statute's quoted pair ('"Accessory dwelling unit" or "ADU" means'). No list of terms of any field: only what the documents themselves define.
 *
 * Then the capitalised phrases the text repeats, by their initials (`repeatedTitles`: "Chief Financial
 * Officer" for "CFO" in a filing that never writes "(CFO)").
 *
 * How it fails: a long form broken across a line or a page is missed; a parenthesis that only happens
 * to fit an abbreviation ("Income Taxes (IT)") is taken for one, which costs a little precision and
 * never a wrong answer on its own (an alias only adds a way for a passage to match).
 */
export function definedTerms(text: string): DefinedTerm[] {
  const found = new Map<string, DefinedTerm>()
  const add = (short: string, long: string) => {
    const cleanShort = short.trim()
    const cleanLong = long.replace(/\s+/gu, ' ').trim()
    if (cleanShort === '' || cleanLong === '' || cleanShort.toLowerCase() === cleanLong.toLowerCase()) return
    const key = `${cleanShort.toLowerCase()}\u0000${cleanLong.toLowerCase()}`
    if (!found.has(key) && found.size < MAX_DEFINED_TERMS)
      found.set(key, { short: cleanShort, long: cleanLong })
  }
  for (const match of text.matchAll(/\(([^()]{1,80})\)/gu)) {
    const inside = match[1]!.trim()
    const before = text.slice(Math.max(0, match.index - 200), match.index)
    const quoted = [...inside.matchAll(/["“”']([^"“”']{1,40})["“”']/gu)].map((q) => q[1]!.trim())
    const words = before.split(/\s+/u).filter((word) => word !== '')
    if (quoted.length > 0) {
      const name = precedingName(before)
      for (const short of quoted) {
        if (short.length > 40) continue
        // An acronym in quotes is spelled by the words just before it, not by the whole name run:
        // 'The Chief Executive Officer of CVS Health Corporation (the "CEO")'.
        const spelled = isShortForm(short)
          ? initialsForm(short, words.slice(-MAX_LONG_WORDS - 4), true)
          : null
        if (spelled ?? name) add(short, (spelled ?? name)!)
      }
      continue
    }
    if (!isShortForm(inside)) continue
    const window = words.slice(-Math.min(inside.length + 5, inside.length * 2, MAX_LONG_WORDS + 2))
    const long = initialsForm(inside, window) ?? bestLongForm(inside, window.join(' '))
    if (long && long.split(' ').length <= MAX_LONG_WORDS) add(inside, long)
  }
  // '"Accessory dwelling unit" or "ADU" means …': a statute's or a contract's definition names the term
  // and its short form in quotes, joined by "or", with no parenthesis.
  for (const match of text.matchAll(/["“]([^"“”]{3,80})["”],?\s+or\s+["“]([^"“”]{1,12})["”]/gu)) {
    const [long, short] = [match[1]!.trim(), match[2]!.trim()]
    if (
      isShortForm(short) &&
      long.split(/\s+/u).length <= MAX_LONG_WORDS &&
      initialsForm(short, long.split(/\s+/u), true)
    )
      add(short, long)
  }
  const explicit = [...found.values()]
  const room = MAX_DEFINED_TERMS - explicit.length
  return room > 0 ? [...explicit, ...repeatedTitles(text, explicit).slice(0, room)] : explicit
}

/** Small words a long form may hold that its acronym skips ("Board of Directors", "Research and Development"). */
const SKIPPED = /^(?:of|and|&|the|for|on|in|to|a)$/iu

/**
 * The last run of words whose initials spell an all-capital acronym, every letter starting a word in
 * order, small words between them skipped: "In July 2015, the Financial Accounting Standards Board"
 * gives "Financial Accounting Standards Board" for "FASB", where the letters-in-order rule alone takes
 * the whole clause. Null when no run spells it (then the letters-in-order rule decides, or the name).
 */
function initialsForm(short: string, words: readonly string[], anywhere = false): string | null {
  if (!/^\p{Lu}{2,8}$/u.test(short)) return null
  const letters = short.toLowerCase()
  const clean = words.map((word) => word.replace(/^[^\p{L}\p{N}&]+|[^\p{L}\p{N}&]+$/gu, ''))
  for (let end = clean.length - 1; end >= 0; end--) {
    let letter = letters.length - 1
    let start = end
    for (let i = end; i >= 0 && letter >= 0; i--) {
      const word = clean[i]!
      if (word === '') break
      if (word.toLowerCase().startsWith(letters[letter]!)) {
        letter--
        start = i
      } else if (!SKIPPED.test(word) || i === end) break
    }
    if (letter < 0) return clean.slice(start, end + 1).join(' ')
    // Bare, the run ends at the parenthesis (or a word before it); quoted, the quotes say it is a
    // definition and the run may stand anywhere in the name before it.
    if (!anywhere && end < clean.length - 2) break
  }
  return null
}

/** "CEO", "J&J", "Amex", "U.S.": short, with a letter, starting with a letter or digit, one word or two. */
function isShortForm(text: string): boolean {
  return (
    text.length >= 2 &&
    text.length <= MAX_SHORT_CHARS &&
    /^[\p{L}\p{N}]/u.test(text) &&
    /\p{Lu}/u.test(text) &&
    text.split(/\s+/u).length <= 2 &&
    !/^\d+$/u.test(text)
  )
}

/**
 * Schwartz and Hearst (2003): the shortest end of `candidate` in which the short form's letters and
 * digits occur in order, read from the right, the first one starting a word. Null when they do not.
 */
function bestLongForm(short: string, candidate: string): string | null {
  const s = short.toLowerCase()
  const l = candidate.toLowerCase()
  let si = s.length - 1
  let li = l.length - 1
  while (si >= 0) {
    const c = s[si]!
    if (!/[\p{L}\p{N}]/u.test(c)) {
      si--
      continue
    }
    while (li >= 0 && (l[li] !== c || (si === 0 && li > 0 && /[\p{L}\p{N}]/u.test(l[li - 1]!)))) li--
    if (li < 0) return null
    li--
    si--
  }
  const start = l.lastIndexOf(' ', li) + 1
  const long = candidate
    .slice(start)
    .replace(/[,;:]+$/u, '')
    .trim()
  // The long form must be longer than the short form and hold more than one word or a long one.
  return long.length > short.length + 1 ? long : null
}

/** The run of capitalised words (with "&", "of", "and", "the" inside it) ending just before a parenthesis. */
function precedingName(before: string): string | null {
  const words = before
    .trimEnd()
    .replace(/[,;:]$/u, '')
    .split(/\s+/u)
  const name: string[] = []
  for (let i = words.length - 1; i >= 0 && name.length < MAX_LONG_WORDS; i--) {
    const word = words[i]!
    if (/^[\p{Lu}\p{N}]/u.test(word) || (/^(?:&|of|and|the|de|du|von)$/u.test(word) && name.length > 0)) {
      name.unshift(word)
      continue
    }
    break
  }
  while (name.length > 0 && /^(?:&|of|and|the|de|du|von)$/u.test(name[0]!)) name.shift()
  return name.length > 0 ? name.join(' ') : null
}
