import { splitSentences } from '../../ingest/chunk/splitSentences'
import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { matchWord } from './matchWord'
import { passageLines } from './passageLines'

/** "what is an example of a succession pool", "give me some examples of X": what an example is asked of. */
const EXAMPLE_ASK =
  /^(?:(?:what|which)\s+(?:is|are|'s)\s+|(?:give|show|name)\s+(?:me\s+)?)?(?:an?|some|one|any)\s+examples?\s+of\s+(.+?)[\s?.!]*$/iu
/** A sentence giving one: "For example L3 Sales Leadership", "e.g. the Iris data set", "such as lint". */
const EXAMPLE_GIVEN = /\b(?:for\s+(?:example|instance)|e\.\s?g\.|such\s+as)/iu
/** "An example", said of anything ("Listing 10-22 is a straightforward example"): one only beside X's name. */
const EXAMPLE_WORD = /\bexamples?\b/iu
/** What follows an example's marker: something given, not a list's announcement ("some examples:"). */
const ANNOUNCES = /[:—–-]\s*$/u

/**
 * The answer to "what is an example of X" (a follow-up's "give me an example", rewritten): a sentence,
 * in a passage that names X, that gives an example ("For example L3 Sales Leadership, L4 Innovation",
 * "such as …"), or that calls something an example beside X's name; the first, in the passages' order,
 * that names X itself, else the first. Null where none does, or where a sentence only announces the
 * examples after it ("some examples:"): the list is answered as a list.
 */
export function exampleGiven(ask: string, sources: readonly AnswerSource[]): string | null {
  const of = EXAMPLE_ASK.exec(ask.trim())?.[1]
  if (!of) return null
  const subject = tokenize(of).filter((word) => word.length > 2)
  if (subject.length === 0) return null
  const names = (text: string) => {
    const words = tokenize(text)
    return subject.some((term) => words.some((word) => matchWord(term, word) > 0))
  }
  const given: { sentence: string; number: number; namesIt: boolean }[] = []
  for (const source of sources) {
    const words = tokenize(source.text)
    if (!subject.every((term) => words.some((word) => matchWord(term, word) > 0))) continue
    for (const line of passageLines(source.text)) {
      for (const span of splitSentences(line)) {
        const sentence = line.slice(span.start, span.end).trim()
        if (ANNOUNCES.test(sentence) || sentence.split(' ').length <= 3) continue
        const namesIt = names(sentence)
        if (EXAMPLE_GIVEN.test(sentence) || (namesIt && EXAMPLE_WORD.test(sentence)))
          given.push({ sentence, number: source.number, namesIt })
      }
    }
  }
  // One that names X itself first, then one in a passage that does.
  const best = given.find(({ namesIt }) => namesIt) ?? given[0]
  return best ? `${best.sentence} [${best.number}]` : null
  return null
}
