import { isRefusal } from './isRefusal'
import type { LibraryQuestion } from './libraryQuestions'

/** The bound on a summary: a gist longer than this is not a fair gist, whatever it mentions. */
export const SUMMARY_MAX_WORDS = 80

/** What the grade needs of a cited source: its number in the reply ([n]) and its file. */
export interface GradedSource {
  number: number
  filename: string
}

export interface LibraryGrade {
  /** The reply says the documents do not hold the answer (`isRefusal`). */
  refused: boolean
  /** Right by the library README's rule for the question's kind (for `absent`: refused). */
  right: boolean
  /** Words of the reply, citation marks ([n]) left out. */
  words: number
  /** The first source listed is the gold document; null for `absent`. */
  firstSourceRight: boolean | null
  /** The source the reply cites first ([n]) is the gold document; null for `absent`, false when none is cited. */
  firstCitedRight: boolean | null
  /** Summary key terms or list items the reply holds, of how many; null for the other kinds. */
  held: { found: number; of: number } | null
}

/**
 * A reply graded by the rules of `library-dev/README.md`, automatically:
 * - fact, definition, followup: the reply holds one of the `answer` alternatives (`containsAnswer`) and
 *   is not a refusal;
 * - summary: it mentions every key term (`holdsTerm`: simple inflections allowed), has at most
 *   SUMMARY_MAX_WORDS words and is not a refusal;
 * - list: it holds more than half of the items (`holdsItem`) and is not a refusal;
 * - absent: it is a refusal.
 * What the README leaves to a reader (a clear synonym or paraphrase, "no invented items", "does not
 * contradict the document") is not judged: the grade is the mechanical part, the same on every run.
 */
export function gradeLibraryAnswer(
  question: Pick<LibraryQuestion, 'kind' | 'doc' | 'answer'>,
  reply: string,
  sources: readonly GradedSource[],
): LibraryGrade {
  const refused = isRefusal(reply)
  const words = answerWords(reply)
  const held =
    question.kind === 'summary'
      ? { found: question.answer.filter((term) => holdsTerm(reply, term)).length, of: question.answer.length }
      : question.kind === 'list'
        ? {
            found: question.answer.filter((item) => holdsItem(reply, item)).length,
            of: question.answer.length,
          }
        : null
  let right: boolean
  switch (question.kind) {
    case 'absent':
      right = refused
      break
    case 'summary':
      right = !refused && held !== null && held.found === held.of && words <= SUMMARY_MAX_WORDS
      break
    case 'list':
      right = !refused && held !== null && held.found > held.of / 2
      break
    default:
      right = !refused && question.answer.some((answer) => containsAnswer(reply, answer))
  }
  const doc = question.doc
  const cited = firstCitation(reply)
  return {
    refused,
    right,
    words,
    firstSourceRight: doc === null ? null : sources[0]?.filename === doc,
    firstCitedRight: doc === null ? null : sources.find(({ number }) => number === cited)?.filename === doc,
    held,
  }
}

/** Words of a reply as a person counts them: citation marks ([1], [2][3]) are not words. */
export function answerWords(reply: string): number {
  return reply
    .replace(/\[\d+\]/gu, ' ')
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

/** The number of the first [n] mark of a reply; null when it cites none. */
function firstCitation(reply: string): number | null {
  const match = /\[(\d+)\]/u.exec(reply)
  return match ? Number(match[1]) : null
}

/** Unit spellings read as one (after a number): "4,060 millimetres" is "4,060 mm". */
const UNITS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:square feet|square foot|sq\.? ?ft\.?|sqft|ft2|ft²)/u, 'sq ft'],
  [/^(?:millimet(?:er|re)s?|mm\.?)(?![a-z])/u, 'mm'],
  [/^(?:centimet(?:er|re)s?|cm\.?)(?![a-z])/u, 'cm'],
  [/^(?:kilomet(?:er|re)s?|km\.?)(?![a-z])/u, 'km'],
  [/^(?:met(?:er|re)s?|m\.?)(?![a-z])/u, 'm'],
  [/^(?:gallons?|gal\.?)(?![a-z])/u, 'gal'],
  [/^(?:lit(?:er|re)s?|l\.?)(?![a-z])/u, 'l'],
  [/^(?:percent|per cent|%)/u, '%'],
  [/^(?:gigabytes?|gb)(?![a-z])/u, 'gb'],
  [/^(?:megabytes?|mb)(?![a-z])/u, 'mb'],
  [/^(?:feet|foot|ft\.?)(?![a-z])/u, 'ft'],
  [/^(?:inch(?:es)?|in\.)/u, 'in'],
  [/^(?:seconds?|secs?\.?)(?![a-z])/u, 'seconds'],
]

/**
 * A text as answers are compared in it: NFKC, lower case, curly quotes and dashes made plain, citation
 * marks dropped, thousands separators dropped ("2,236,457" and "4 060" read "2236457", "4060"), no space
 * around a dash or slash ("1.35 - 1.42" is "1.35-1.42"), a unit after a number in one spelling, runs of
 * whitespace one space.
 */
export function matchText(text: string): string {
  const plain = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘`´]/gu, "'")
    .replace(/[“”„]/gu, '"')
    .replace(/[‐‑‒–—―−]/gu, '-')
    .replace(/\[\d+\]/gu, ' ')
    .replace(/(\d)(?:,|[\u00a0\u202f\u2009 ])(?=\d{3}(?!\d))/gu, '$1')
    .replace(/\s+/gu, ' ')
    .replace(/ ?([-/]) ?/gu, '$1')
  return plain
    .replace(/(\d) ?([a-z%][a-z. ²2%]*)/gu, (whole, digit: string, tail: string) => {
      for (const [spelling, unit] of UNITS) {
        const found = spelling.exec(tail)
        if (found) return `${digit} ${unit}${tail.slice(found[0].length)}`
      }
      return whole
    })
    .trim()
}

/**
 * Whether a reply holds an answer string (`matchText` on both), as a whole: not inside a longer word or
 * number ("36" is not in "360" or "1936"), a word answer allowed a plural "s"/"es".
 */
export function containsAnswer(reply: string, answer: string): boolean {
  const want = matchText(answer)
  if (want === '') return false
  const escaped = want.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')
  const before = /^[\p{L}\p{N}]/u.test(want) ? '(?<![\\p{L}\\p{N}])(?<!\\d[.,])' : ''
  const after = /[\p{L}]$/u.test(want)
    ? '(?:e?s)?(?![\\p{L}\\p{N}])'
    : /\p{N}$/u.test(want)
      ? '(?![\\p{N}]|[.,]\\d)'
      : ''
  return new RegExp(`${before}${escaped}${after}`, 'u').test(matchText(reply))
}

/**
 * A word reduced so simple inflections meet: plural, -ing, -ed and a final "e" ("scheduling",
 * "scheduled", "schedules" and "schedule" are one).
 */
export function stem(word: string): string {
  let w = word.toLowerCase()
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`
  else if (/(?:ss|sh|ch|x|z)es$/u.test(w)) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1)
  if (w.length > 3 && w.endsWith('y')) w = `${w.slice(0, -1)}i`
  return w
}

function stems(text: string): string[] {
  return (matchText(text).match(/[\p{L}\p{N}]+(?:\.\d+)?/gu) ?? []).map(stem)
}

/**
 * Whether a reply mentions a key term: the term's words, each allowed a simple inflection (`stem`), in
 * order and next to each other ("tool developers" in "for tool developer teams"; "at-least-once" in
 * "at least once").
 */
export function holdsTerm(reply: string, term: string): boolean {
  const want = stems(term)
  if (want.length === 0) return false
  const have = stems(reply)
  for (let i = 0; i + want.length <= have.length; i++) {
    if (want.every((word, j) => have[i + j] === word)) return true
  }
  return false
}

/** Words an item's presence does not hinge on. */
const STOPWORDS = new Set(
  'a an and are as at be by for from in into is it its of on or the their to with without'.split(' '),
)

/**
 * Whether a reply holds a list item: the item as a term (`holdsTerm`), or, for an item of several words,
 * every word of it that carries meaning (stopwords out, its parenthetical gloss out) somewhere in the
 * reply, inflections allowed: "select the relevant controls (include/exclude)" is held by "Select the
 * controls that are relevant"; "FedRAMP-SSP-OSCAL-Template.json" is not held by "the FedRAMP SSP
 * Template is available in XML and JSON".
 */
export function holdsItem(reply: string, item: string): boolean {
  if (holdsTerm(reply, item)) return true
  const main = item.replace(/\([^)]*\)/gu, ' ').trim()
  // One token (a file name, a flag): its parts scattered over the reply are not the item.
  if (!/\s/u.test(main)) return false
  const want = stems(main).filter((word) => !STOPWORDS.has(word))
  if (want.length === 0) return false
  const have = new Set(stems(reply))
  return want.every((word) => have.has(word))
}
