import type { AnswerSource } from '../AnswerGenerator'
import { looseWords } from './looseWords'
import { matchWord } from './matchWord'
import { passageLines } from './passageLines'

/** "what's the noise ordinance number", "what is the resolution no.": the number a document is known by. */
const NUMBER_ASK =
  /^(?:what|whats|what['’]s)\s+(?:is\s+|was\s+)?(?:the|its|this|that)\s+((?:[\p{L}\p{N}'’-]+\s+){1,5}?)(?:number|no\.?)\s*[?.!]*$/iu
/** "Ordinance No. 2023-17", "Resolution Number 45", "Bill #112": a number printed as a document's. */
const NUMBERED = /(?:\bNos?\.|\bNumber|#)\s*:?\s*[\p{L}\p{N}]*\d[\p{L}\p{N}./-]*/u
/** A document's title and the lines under it, where its number is printed. */
const OPENING_LINES = 6

/**
 * The line of a document's opening that prints its number ("Ordinance No. 2023-17 [2]"), for a question
 * asking the number of the document it names (its file name or title holding the ask's words), which no
 * sentence says: a title is a heading, never quoted. Null for any other question, or where no such line is.
 */
export function documentNumber(ask: string, sources: readonly AnswerSource[]): string | null {
  const named = NUMBER_ASK.exec(ask.trim())?.[1]
  if (!named) return null
  const asked = [...looseWords(named)]
  for (const source of sources) {
    const title = source.heading?.split(' > ')[0] ?? ''
    const name = [...looseWords(`${source.filename.replace(/[_.-]+/gu, ' ')} ${title}`)]
    if (!asked.some((term) => name.some((word) => matchWord(term, word) > 0))) continue
    const line = passageLines(source.text)
      .slice(0, OPENING_LINES)
      .find((text) => NUMBERED.test(text))
    if (line) return `${line} [${source.number}]`
  }
  return null
}
