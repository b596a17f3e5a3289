import { tokenize } from '../../retrieve/index/tokenize'

/** The brackets that close a question: "… engine power (bureau veritas)?". */
const TRAILING_BRACKETS = /\s*\(([^()]+)\)\s*[?.!]*\s*$/u

/**
 * The brackets that close a question ("ambient reference conditions for rating diesel engine power
 * (bureau veritas)"): where to look (a document, its publisher, its company), said aside, not words the
 * answering passage must print. `terms` are their search terms (none where the question closes with no
 * brackets), `rest` the question before them.
 */
export function closingBrackets(question: string): { terms: string[]; rest: string } {
  const match = TRAILING_BRACKETS.exec(question)
  return match
    ? { terms: tokenize(match[1]!), rest: question.slice(0, match.index) }
    : { terms: [], rest: question }
}
