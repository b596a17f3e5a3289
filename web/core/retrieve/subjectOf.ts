import { type QueryWord, queryWords } from './queryWords'

/** Words that start a sentence without naming anything, capitalised only because they start it. */
const STARTERS = new Set(
  (
    'tell give show list name explain describe define compare summarise summarize please according ' +
    'many much during after before since ok okay yes hi hello hey thanks also about can could would ' +
    'should will shall may might must let find search look write say ask see note ' +
    'et y und und quid quoi qué que was wie wo wann warum pourquoi comment quand où cuál cual cómo dónde'
  ).split(' '),
)
/**
 * Lower-case words allowed inside a name between capitalised ones: "Edict of Fontainebleau". Not
 * "and": "Dave Hyatt and Blake Ross" are two people.
 */
const CONNECTORS = new Set(['of', 'the', 'de', 'la', 'le', 'del', 'du', 'des', 'von', 'van', 'der'])
/** Content words that ask rather than name: never a subject on their own. */
const FILLER = new Set(
  (
    'about also any anything something else more many much some just really very please tell explain ' +
    'describe know give show say said mean means meaning called name named kind type way thing things ' +
    'one ones can could would should will shall may might must get got ok okay thanks yes hi hello hey ' +
    'bye goodbye thank ask answer question help worth'
  ).split(' '),
)
const MAX_NAMES = 3
const MAX_TERMS = 5

/**
 * What a message is about, as a short phrase to carry into a follow-up: its names (runs of
 * capitalised words, "Lady Gaga", "Super Bowl 50", "Edict of Fontainebleau"; at most three), else
 * its content words (stop words and asking words like "many" or "called" left out; at most five),
 * in the message's order. '' when it names nothing ("hi", "tell me more").
 * How it fails: it knows no grammar, so every name counts, the object's as much as the subject's
 * ("How many Grammys has Lady Gaga won?" gives "Grammys Lady Gaga"); scripts without case (Han,
 * Arabic) have no capitalised names and give their content words.
 */
export function subjectOf(text: string): string {
  const normalised = text.normalize('NFKC')
  const words = queryWords(normalised)
  const names = dedupe(nameRuns(normalised, words))
  if (names.length > 0) return names.slice(0, MAX_NAMES).join(' ')
  const terms = withVersions(
    normalised,
    words.filter((word) => word.content && !FILLER.has(word.lower)),
  )
  return dedupe(terms).slice(0, MAX_TERMS).join(' ')
}

/**
 * The words' texts, a number's parts joined as the text prints them ("2.2.0", "3.13"): apart, "2 0" names
 * no release, and a version is what a follow-up about it ("what did it add?") must carry.
 */
function withVersions(text: string, words: readonly QueryWord[]): string[] {
  const texts: string[] = []
  words.forEach((word, i) => {
    const previous = words[i - 1]
    if (previous?.numeric && word.numeric && text.slice(previous.end, word.start) === '.') {
      texts[texts.length - 1] += `.${word.text}`
    } else texts.push(word.text)
  })
  return texts
}

/** The names in a text (runs of capitalised words, as `subjectOf` finds them), first first, once each. */
export function namesIn(text: string): string[] {
  const normalised = text.normalize('NFKC')
  return dedupe(nameRuns(normalised, queryWords(normalised)))
}

/** Runs of capitalised content words (numbers after them too), joined by spaces or a connector. */
function nameRuns(text: string, words: readonly QueryWord[]): string[] {
  const runs: string[] = []
  let run: QueryWord[] = []
  const flush = () => {
    // A connector may not end a name: "Bank of" is "Bank".
    while (run.length > 0 && !run.at(-1)!.capitalised && !run.at(-1)!.numeric) run.pop()
    if (run.length > 0) runs.push(text.slice(run[0]!.start, run.at(-1)!.end))
    run = []
  }
  words.forEach((word, i) => {
    const sentenceStart = i === 0 || /[.!?:;]\s*$/u.test(text.slice(words[i - 1]!.end, word.start))
    const between = text.slice(words[i - 1]?.end ?? 0, word.start)
    // "Python 3.13": a number's parts go on with it.
    const joined =
      run.length > 0 &&
      (/^[ \t]+$/u.test(between) || (between === '.' && word.numeric && run.at(-1)!.numeric))
    const isName =
      word.capitalised &&
      word.content &&
      !(sentenceStart && STARTERS.has(word.lower)) &&
      !FILLER.has(word.lower)
    if (isName && (run.length === 0 || joined)) {
      run.push(word)
    } else if (run.length > 0 && joined && word.numeric && (run.at(-1)!.capitalised || between === '.')) {
      // A number continues a name ("Apollo 11", "Super Bowl 50") but never starts one.
      run.push(word)
    } else if (run.length > 0 && joined && CONNECTORS.has(word.lower)) {
      run.push(word)
    } else {
      flush()
      if (isName) run.push(word)
    }
  })
  flush()
  return runs
}

function dedupe(phrases: readonly string[]): string[] {
  const seen = new Set<string>()
  return phrases.filter((phrase) => {
    const key = phrase.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
