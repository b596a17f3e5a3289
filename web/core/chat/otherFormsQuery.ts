import { wordForm } from '../generate/extractive/wordForms'
import { knownWord } from '../retrieve/englishReader'
import { tokenize } from '../retrieve/index/tokenize'

export interface OtherForms {
  /** The question with the forms added after it. */
  query: string
  /**
   * Whether a passage prints a missing word in some form beside another of the question's words, in any
   * form: a passage the forms found that is about the question, not only one that says "needs".
   */
  answers(text: string): boolean
}

/**
 * The question with the other forms of each of its words that no found passage prints in any form
 * ("which license does ripgrep use": "… licensed licenses licensing"), to be searched beside it; null
 * where every word is printed, or none has a form to add. Search matches words as written, so a README
 * whose lede says "Dual-licensed under MIT" is not found by "license", and the answerer, which reads a
 * word's forms (`wordForm`), never sees it. Only where a word is missing: in every search, a word's forms
 * cost filings their pages (decision 0014, "a word's other forms"), and a word the passages print is
 * found as it is.
 */
export function otherFormsQuery(question: string, passages: readonly string[]): OtherForms | null {
  const asked = [...new Set(tokenize(question))].filter((word) => PLAIN.test(word))
  if (asked.length === 0) return null
  const printed = new Set<string>()
  for (const text of passages) for (const word of tokenize(text)) printed.add(wordForm(word))
  const added = new Set<string>()
  const missing = new Set<string>()
  for (const word of asked) {
    const form = wordForm(word)
    if (printed.has(form)) continue
    for (const other of otherForms(word)) {
      if (wordForm(other) !== form) continue
      added.add(other)
      missing.add(form)
    }
  }
  if (added.size === 0) return null
  const others = new Set(
    tokenize(question)
      .map(wordForm)
      .filter((form) => !missing.has(form)),
  )
  return {
    query: `${question} ${[...added].join(' ')}`,
    answers: (text) => {
      const words = tokenize(text)
      const forms = words.map(wordForm)
      return forms.some((form) => missing.has(form)) && forms.some((form) => others.has(form))
    },
  }
}

/** Words of plain a-z long enough to have forms of their own ("use" and "uses" are left as typed). */
const PLAIN = /^[a-z]{4,}$/u

/** The regular inflections of English: a plural or a verb's third person, its past, its "-ing". */
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing']

/**
 * The inflected forms of `word` that English's lexicon lists (`knownWord`), spelled from its bare stem:
 * "licensed": "license", "licenses", "licensing"; "stopped": "stop", "stops", "stopping". Made-up
 * spellings ("licenseing") are left out: search would match their look-alikes by their letters.
 */
function otherForms(word: string): string[] {
  const stems = new Set([word])
  for (const ending of INFLECTIONS) {
    if (!word.endsWith(ending) || word.length - ending.length < 3) continue
    const stem = word.slice(0, -ending.length)
    stems.add(stem)
    // "licensed", "licensing": "license"; "stopped": "stop".
    stems.add(`${stem}e`)
    if (stem.at(-1) === stem.at(-2)) stems.add(stem.slice(0, -1))
  }
  if (word.endsWith('ies')) stems.add(`${word.slice(0, -3)}y`)
  const forms = new Set<string>()
  for (const stem of stems) {
    forms.add(stem)
    for (const ending of INFLECTIONS) forms.add(stem + ending)
    if (stem.endsWith('e')) forms.add(`${stem.slice(0, -1)}ing`)
    if (stem.endsWith('y')) for (const ending of ['ies', 'ied']) forms.add(`${stem.slice(0, -1)}${ending}`)
    const last = stem.at(-1) ?? ''
    if (/[bdgklmnprt]/u.test(last)) for (const ending of ['ed', 'ing']) forms.add(stem + last + ending)
  }
  forms.delete(word)
  // A plural's singular and the plural of a singular are searched already (`searchTerms`).
  return [...forms].filter((form) => !plural(form, word) && !plural(word, form) && knownWord(form))
}

function plural(form: string, of: string): boolean {
  return form === `${of}s` || form === `${of}es` || (of.endsWith('y') && form === `${of.slice(0, -1)}ies`)
}
