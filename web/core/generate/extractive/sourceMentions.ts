import { tokenize } from '../../retrieve/index/tokenize'
import { gluedWord } from '../../retrieve/gluedWord'
import { longerTerms, type QuestionUnderstanding } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { clippedRun } from './clippedRun'
import { closeSpelling } from './closeSpelling'
import { contractedWord } from '../../retrieve/contractedWord'
import { holdsPhrase, outsidePhrases } from '../../retrieve/holdsPhrase'
import { looseForm, looseWords } from './looseWords'
import { extendsWord, wordForm } from './matchWord'
import { synonymForms } from './synonyms'
import { saidByValue } from './saidByValue'
import { derivedWord } from './derivedWord'
import { capitalisedRun, spelledByInitials } from '../../retrieve/spelledByInitials'

/** A word short enough to be initials typed in lower case ("usd", "nyc"). */
const SHORT_WORD = /^\p{Ll}{2,5}$/u

/**
 * Whether a source names a term: in its text, its heading or its file name, in any form `matchWord`
 * accepts (the same `wordForm`, "lost" for "lose"; or `extendsWord`, "Pepsi" names "PepsiCo"), a word its
 * stem makes with a noun's or an agent's ending (`derivedWord`: "paying" named by "Payment"), spelled a
 * slip of the keys away (`closeSpelling`: "Carslbad"), a short word by a name's initials (`capitalisedRun`:
 * "usd" for "Union School District"), clipped from two words (`clippedRun`: "capex" for
 * "capital expenditures", for a word not typed as a name) or as a defined term's other form ("J&J",
 * "Johnson & Johnson"), or written with other spacing or case ("1gb" in "1 GB", `looseWords`), or in other
 * words of the same meaning (`synonymForms`: "limit" for "cap"); a maximum or a limit by a bound ("shall
 * not exceed", "no more than"), a minimum by one from below ("at least").
 */
export function sourceMentions(
  sources: readonly AnswerSource[],
  understanding: QuestionUnderstanding,
): (source: number, term: string) => boolean {
  const sequences = new Map(
    sources.map((source) => [
      source.number,
      tokenize(`${source.filename.replace(/[_.-]+/gu, ' ')} ${source.heading ?? ''} ${source.text}`),
    ]),
  )
  const words = new Map([...sequences].map(([number, sequence]) => [number, new Set(sequence)]))
  const names = new Set(understanding.names)
  const cache = new Map<string, boolean>()
  // A passage's words and what its document says about itself (file name, title, opening): a slide
  // need not repeat the deck's subject ("euclid" on a slide of "Euclidean Geometry").
  const vocabularies = new Map<number, Set<string>>()
  const vocabularyOf = (number: number) => {
    let known = vocabularies.get(number)
    if (!known) {
      const about = sources.find((source) => source.number === number)?.about ?? []
      known = new Set([...(words.get(number) ?? []), ...about])
      vocabularies.set(number, known)
    }
    return known
  }
  const fileWords = (number: number) =>
    tokenize((sources.find((source) => source.number === number)?.filename ?? '').replace(/[_.-]+/gu, ' '))
  const textOf = (number: number) => sources.find((source) => source.number === number)?.text ?? ''
  const looseByNumber = new Map<number, Set<string>>()
  // Each source's words by their form (`matchWord`), made on the first term that needs them.
  const forms = new Map<number, Set<string>>()
  const formsOf = (number: number, vocabulary: ReadonlySet<string>) => {
    let known = forms.get(number)
    if (!known) forms.set(number, (known = new Set([...vocabulary].map(wordForm))))
    return known
  }
  return (number, term) => {
    const key = `${number}\u0000${term}`
    const known = cache.get(key)
    if (known !== undefined) return known
    const vocabulary = vocabularyOf(number)
    let found = vocabulary.has(term)
    if (!found && !/^\d/u.test(term)) {
      // A name is named by a longer word ("Pepsi" by "PepsiCo"), not by a word it extends: "Costco"
      // is not "cost", nor "Netflix" "net".
      const isName = names.has(term)
      const known = formsOf(number, vocabulary)
      const stem = wordForm(term)
      found =
        known.has(stem) ||
        // "rating" said as "recommendation", "cap" as "limit".
        (!isName && synonymForms(term).some((form) => known.has(form))) ||
        [...vocabulary].some(
          (word) =>
            (extendsWord(term, word) && (!isName || word.length > term.length)) ||
            (!isName && derivedWord(stem, word)),
        )
    }
    // "the capstone" of "ececapstonespring2015.pptx": a file name glues its words together.
    if (!found) found = fileWords(number).some((word) => gluedWord(term, word))
    if (!found) {
      const sequence = sequences.get(number) ?? []
      found = sequence.some(
        (word, i) => closeSpelling(term, word, sequence[i + 1]) || contractedWord(term, word),
      )
    }
    if (!found && understanding.acronyms.includes(term))
      found = spelledByInitials(
        term,
        outsidePhrases(sequences.get(number) ?? [], longerTerms(understanding, term)),
      )
    // "usd" typed in lower case, "Union School District" printed: the initials of a name.
    else if (!found && SHORT_WORD.test(term)) {
      const text = textOf(number)
      found = capitalisedRun(term, text, tokenize(text)) !== null
    }
    // "capex" typed, "capital expenditures" printed.
    if (!found && !names.has(term)) found = clippedRun(term, sequences.get(number) ?? []) !== null
    if (!found) {
      let loose = looseByNumber.get(number)
      if (!loose) {
        const source = sources.find((candidate) => candidate.number === number)
        loose = looseWords(`${source?.heading ?? ''}\n${source?.text ?? ''}`)
        looseByNumber.set(number, loose)
      }
      found = loose.has(looseForm(term))
    }
    // "The unit shall not exceed 1,200 square feet": a maximum said as a bound, a minimum likewise.
    if (!found && (BOUND_TERMS.get(wordForm(term))?.test(textOf(number)) ?? false)) found = true
    // "How much money does the PTA have": "a balance of £4,812" says it, in no word for money.
    if (!found) found = saidByValue(term, textOf(number))
    if (!found) {
      found = understanding.aliases.some(
        (alias) =>
          alias.terms.includes(term) &&
          alias.forms.some((form) =>
            holdsPhrase(outsidePhrases(sequences.get(number) ?? [], alias.within), form),
          ),
      )
    }
    cache.set(key, found)
    return found
  }
}

/** How a text bounds a value from above ("shall not exceed", "no more than", "at most") or from below. */
const UPPER_BOUND =
  /\b(?:(?:shall|may|must|does|do|will|cannot|can)\s+not\s+exceed|not\s+to\s+exceed|no\s+(?:more|greater|larger)\s+than|at\s+most)\b/iu
const LOWER_BOUND = /\b(?:no\s+(?:less|fewer|smaller)\s+than|at\s+least|not\s+less\s+than)\b/iu
/** The words asking for a bound ("max", "limit"; "minimum"), by their form, with how a text says one. */
const BOUND_TERMS: ReadonlyMap<string, RegExp> = new Map([
  ...['max', 'maximum', 'limit', 'cap', 'ceiling'].map((word): [string, RegExp] => [
    wordForm(word),
    UPPER_BOUND,
  ]),
  ...['minimum', 'least'].map((word): [string, RegExp] => [wordForm(word), LOWER_BOUND]),
])
