import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { clipItem, listItems } from './listItems'
import { matchWord } from './matchWord'
import { passageLines } from './passageLines'

/** "what does tika mean", "what can tika be", "list the meanings of tika": the word's senses asked. */
const MEANING_ASK =
  /^(?:what\s+(?:does|can|could|might|may)\s+(?<word>.+?)\s+(?:mean|be|stand\s+for|refer\s+to)|(?:(?:list|give|name|tell)\s+(?:me\s+)?|what\s+are\s+)?(?:the\s+)?(?:different\s+|possible\s+)?(?:meanings|senses)\s+of\s+(?<of>.+?))[\s?.!]*$/iu
/**
 * "Tika can be:", "Mercury may refer to:", "CRM means one of the following:": a line that says a word
 * has the senses listed after it.
 */
const SENSES_INTRO =
  /^(?<word>.+?)\s+(?:(?:can|could|may|might)\s+(?:be|mean|refer\s+to|stand\s+for)|means|refers\s+to|stands\s+for|has\s+(?:several|many|different|these)\s+meanings)(?:\s+(?:any\s+)?one\s+of)?(?:\s+the\s+following)?\s*:$/iu
/** The senses of a word are a list of at least this many. */
const MIN_SENSES = 2

/**
 * The senses of the word asked about, where a line introduces them ("Tika can be:", "Mercury may refer
 * to:") with the items under it: that line and its items, as a list. Null where the ask asks none, or
 * no line introduces the senses of that word.
 */
export function meaningsListed(ask: string, sources: readonly AnswerSource[]): string[] | null {
  const asked = MEANING_ASK.exec(ask.trim())?.groups
  const word = tokenize(asked?.word ?? asked?.of ?? '')
  if (word.length === 0) return null
  for (const source of sources) {
    const lines = passageLines(source.text)
    for (const [at, line] of lines.entries()) {
      const introduced = tokenize(SENSES_INTRO.exec(line)?.groups?.word ?? '')
      if (introduced.length !== word.length) continue
      if (!word.every((term, i) => matchWord(term, introduced[i]!) > 0)) continue
      const items = listItems(lines, at)
      if (items.length >= MIN_SENSES)
        return [`${line} [${source.number}]`, ...items.map((item) => `\n- ${clipItem(item)}`)]
    }
  }
  return null
}
