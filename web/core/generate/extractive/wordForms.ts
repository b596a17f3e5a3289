import irregularVerbs from 'english-verbs-irregular/dist/verbs.json' with { type: 'json' }
import pluralize from 'pluralize'
import porter2 from 'wink-porter2-stemmer'
import { americanSpelling } from './americanSpelling'

/**
 * The shared form of an English word, so that a question's word meets the documents' other forms of it:
 * "won" / "win", "lost" / "lose", "went" / "go" (the irregular verbs of `english-verbs-irregular`),
 * "children" / "child", "criteria" / "criterion" (`pluralize`'s irregular plurals), "election" /
 * "elected", "generation" / "generated" (Porter2 stems, the Snowball English stemmer of
 * `wink-porter2-stemmer`); "four" / "4" (small numbers written as words); "colour" / "color"
 * (`americanSpelling`). Other words outside plain a-z
 * (other scripts, numbers, accented names) are their own form.
 *
 * All three are rules and lists shipped in their npm packages, small enough for the browser's API worker
 * and quick to load: nothing is downloaded or learned. (compromise, which tags parts of speech too, was
 * tried first: about 300 kB more in the worker and some 340 ms of CPU to build its lexicon at start.)
 * How it fails: a stem can join words of different meaning ("organ" / "organization", "universe" /
 * "university"), and an irregular form can be another word ("found" is also a verb of its own);
 * callers count such a match for less than the word itself (`matchWord`).
 */
export function wordForm(word: string): string {
  const known = forms.get(word)
  if (known !== undefined) return known
  const form = NUMBERS.get(word) ?? (PLAIN.test(word) ? porter2(lemma(americanSpelling(word))) : word)
  if (forms.size >= MAX_CACHED) forms.clear()
  forms.set(word, form)
  return form
}

const PLAIN = /^[a-z]+$/u
/**
 * Small numbers written as words, in digits: "the 4 golden signals" are "the four golden signals". From
 * two: "one" is as often a pronoun ("the one that…") as a number.
 */
const NUMBERS = new Map(
  'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'
    .split(' ')
    .map((word, i) => [word, String(i + 2)]),
)
/**
 * Forms found are kept per word: scoring checks every word of the candidate sentences against the
 * question's words, and the same words come back question after question. Bounded, as a long-running
 * host sees every word of every collection.
 */
const forms = new Map<string, string>()
const MAX_CACHED = 50_000

/** Each past and participle of an irregular verb to its infinitive ("won" and "won" to "win"). */
const INFINITIVES = new Map<string, string>()
for (const [infinitive, tenses] of Object.entries(irregularVerbs as Record<string, string[][]>)) {
  for (const tense of tenses) {
    for (const form of tense)
      if (form !== infinitive && !INFINITIVES.has(form)) INFINITIVES.set(form, infinitive)
  }
}

/** An irregular verb form's infinitive, an irregular plural's singular; regular endings are the stemmer's. */
function lemma(word: string): string {
  const infinitive = INFINITIVES.get(word)
  if (infinitive !== undefined) return infinitive
  return pluralize.isPlural(word) ? pluralize.singular(word) : word
}
