import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'
import { slideList } from './slideList'
import { listItems } from './listItems'
import { matchWord } from './matchWord'
import { passageLines } from './passageLines'

/** The ordinals in their order: a closed class of English words, as the months are. */
export const ORDINAL_WORDS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
]
/** "the 4th postulate", "the third common notion": a place in a list, and the words naming what it is of. */
const NTH = new RegExp(
  `\\b(?:(${ORDINAL_WORDS.join('|')})|(\\d{1,2})(?:st|nd|rd|th))\\s+((?:[\\p{L}][\\p{L}'’-]*\\s+){0,2}[\\p{L}][\\p{L}'’-]*)`,
  'iu',
)
/** Words that end the noun phrase after an ordinal ("the first step IS…", "the 4th postulate OF euclid"). */
const PHRASE_ENDS =
  /^(?:of|in|on|for|to|from|by|with|is|are|was|were|that|which|and|or|does|do|did|has|have)$/u
/** An item's own number at its start ("4- All right angles…", "3. Select…", "(2) …"). */
const ITEM_NUMBER = /^\(?(\d{1,2})[.)\-–:]\s+/u

/** Ordinals of time ("the 4th quarter", "the 15th day"): a period, not a place in a list. */
const TIME_NOUNS = new Set([
  'quarter',
  'month',
  'week',
  'day',
  'year',
  'hour',
  'minute',
  'half',
  'period',
  'term',
])

/** The place and the thing a question asks of a list ("what's the 4th postulate": 4, "postulate"), or null. */
export function nthAsked(ask: string): { n: number; noun: string } | null {
  const match = NTH.exec(ask.toLowerCase())
  if (!match) return null
  const n = match[1] ? ORDINAL_WORDS.indexOf(match[1]) + 1 : Number(match[2])
  // The phrase's head: its last word before a preposition or a verb ("third common notion": notion).
  const words = match[3]!.split(/\s+/u)
  const end = words.findIndex((word) => PHRASE_ENDS.test(word))
  const noun = tokenize((end < 0 ? words : words.slice(0, end)).at(-1) ?? '')[0]
  return n >= 1 && noun !== undefined && !TIME_NOUNS.has(noun) ? { n, noun } : null
}

/**
 * "What's the 4th postulate": the item numbered 4 (else the fourth) of a list whose heading or
 * introduction names what is asked in the plural ("Euclid's 5 Postulates" over "1- A line can be
 * drawn…", "2- …"), quoted under its heading and cited; null where no passage lists that many of it (the
 * question is then answered as any other). A "4th" in another sense ("the 4th month") finds no such list.
 */
export function nthItem(ask: string, sources: readonly AnswerSource[]): string | null {
  const asked = nthAsked(ask)
  if (!asked) return null
  for (const source of sources) {
    const lines = passageLines(source.text)
    const heading = source.heading?.split(' > ').at(-1)?.trim() ?? ''
    for (let at = 0; at < lines.length; at++) {
      const intro = lines[at]!
      // The list's heading (the passage's own, printed at its top) or a line introducing it.
      if (!(intro === heading || intro.endsWith(':'))) continue
      // Named in the plural: "Euclid's 5 Postulates" lists them, "The fifth postulate" is about one.
      if (
        !tokenize(intro).some(
          (word) => word !== asked.noun && word.endsWith('s') && matchWord(asked.noun, word) > 0,
        )
      )
        continue
      const own = listItems(lines, at, DECK_FILE.test(source.filename))
      // A deck's list split over slides that repeat its title counts on from the slides before.
      const { items } = slideList(sources, source.number, own, intro === heading)
      const numbered = items.find(({ item }) => Number(ITEM_NUMBER.exec(item)?.[1]) === asked.n)
      const found =
        numbered ?? (items.some(({ item }) => ITEM_NUMBER.test(item)) ? undefined : items[asked.n - 1])
      if (found) return `${intro.replace(/:$/u, '')}: ${found.item} [${found.source}]`
    }
  }
  return null
}

/**
 * The question without its ordinal in digits ("what's the 4th postulate": "what's the postulate"), to
 * search for the list beside the question as typed: "4th" finds "the 4th month" of a tax form, never
 * the list of postulates numbered "4-". Null for a question asking no place in a list, or by a word.
 */
export function withoutOrdinal(question: string): string | null {
  // Typed in digits only: "4th" is a name search must find; "fourth" is a word like any other.
  if (!nthAsked(question) || !NUMBERED_ORDINAL.test(question)) return null
  return question.replace(NUMBERED_ORDINAL, ' ').replace(/\s+/gu, ' ').trim()
}

/** An ordinal as typed: a word ("fourth") or a number with its ending ("4th"). */
const ORDINAL_PATTERN = `(?:${ORDINAL_WORDS.join('|')}|\\d{1,2}(?:st|nd|rd|th))`
const NUMBERED_ORDINAL = /\b\d{1,2}(?:st|nd|rd|th)\b/iu
const ORDINAL_ALONE = new RegExp(`^${ORDINAL_PATTERN}$`, 'iu')

/** Whether a word is an ordinal ("4th", "second"). */
export function ordinalWord(word: string): boolean {
  return ORDINAL_ALONE.test(word)
}
