import { tokenize } from '../../retrieve/index/tokenize'
import { QUESTION_SHAPE } from '../../retrieve/understandQuestion'

/**
 * What a question asks for, named as a noun between its question word and its verb: "how many
 * EMPLOYEES does Dropbox have", "what python VERSION do I need", "what DOSE of abemaciclib is
 * recommended", "which aws REGION does…". The search term of that noun (the last word of the phrase,
 * or the word before its "of"), or null when the question names none ("how do I…", "what does X
 * use…") or names only a word of a question's shape ("what year", "what type of"). Where no passage
 * names it in any form, the documents do not hold the answer, however many of the other words they
 * share (DESIGN.md section 12: a candidate of the asked kind). English word order only.
 */
export function askFocus(ask: string): string | null {
  const match = FOCUS.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())
  const phrase = match?.[1]?.trim()
  if (!phrase) return null
  const words = phrase.split(' ')
  const of = words.indexOf('of')
  if (of === 0) return null
  const head = of > 0 ? words[of - 1]! : words.at(-1)!
  const term = tokenize(head)[0]
  return term !== undefined && !QUESTION_SHAPE.has(term) && !/^\d/u.test(term) ? term : null
}

const FOCUS =
  /^(?:what|which|how\s+many|how\s+much)\s+((?:(?!(?:do|does|did|is|are|was|were|can|could|should|would|will|has|have|had)\b)[\p{L}\p{N}'’-]+\s+){1,4}?)(?:do|does|did|is|are|was|were|can|could|should|would|will|has|have|had)\b/u
