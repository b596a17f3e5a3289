import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'
import { matchWord } from './matchWord'
import { tokenize } from '../../retrieve/index/tokenize'

/** A label is a few words: "Purpose", "Default", "R2", "Key dates". */
const LABEL = /^\s*([^:]{1,40}?)\s*[:：]\s*(.*)$/u
const LABEL_WORDS = 4
/** A value longer than this is text run on, not what the label names. */
const VALUE_WORDS = 40
/** A deck's glossary gives a term's gloss in a line or two (`R2` / "Ready in the short term" / "Likely…"). */
const GLOSS_LINES = 2
/** A line this short after a gloss is the next term ("R3-4"), not more of the gloss. */
const TERM_WORDS = 3

/**
 * The value a slide or a form prints for the thing asked, by its label: "Purpose:" over "To provide an
 * overview of the Talent Review process" answers "what is the purpose of the talent review session"; a deck's
 * glossary line "R2" over "Ready in the short term" answers "what does R2 mean"; "Default: off" answers
 * "what is the default for XBitHack". `label` holds the words of the thing asked (every one, and nothing
 * else, on the label); `rest` the ask's other words, of which the passage must name at least half (the
 * talent review, XBitHack), so that another form's "Purpose:" is not taken. A label alone on its line is a
 * label only on a slide, where every text box is a line; elsewhere it is a heading over text. Null when no
 * passage has such a line.
 */
export function labelledLine(
  label: readonly string[],
  rest: readonly string[],
  sources: readonly AnswerSource[],
): string | null {
  if (label.length === 0 || label.length > LABEL_WORDS) return null
  const names = (words: readonly string[], term: string) => words.some((word) => matchWord(term, word) > 0)
  const isLabel = (text: string) => {
    const words = tokenize(text)
    return words.length === label.length && label.every((term) => names(words, term))
  }
  for (const source of sources) {
    const words = tokenize(source.text)
    if (rest.filter((term) => names(words, term)).length * 2 < rest.length) continue
    const lines = source.text.split('\n').map((line) => line.trim())
    const deck = DECK_FILE.test(source.filename)
    const heading = source.heading?.split(' > ').at(-1)?.trim()
    // A title's colon parts its name from its subtitle ("AutoGen: Enabling Next-Gen LLM Applications").
    const labels = lines.map((line, i) => (i === 0 || line === heading ? null : LABEL.exec(line)))
    // Labels make a form where a passage has two or more ("Directive: XBitHack on|off|full" over "Default:
    // off"); one alone is a bullet saying something of a word ("kqueue: files and sockets" among tips).
    const form = labels.filter((labelled) => labelled !== null).length >= 2
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!
      const labelled = form ? labels[i]! : null
      const inline = labelled?.[2]?.trim() ?? ''
      if (labelled ? !isLabel(labelled[1]!) : !deck || !isLabel(line)) continue
      const value = inline !== '' ? inline : glossAfter(lines, i)
      if (value === null || tokenize(value).length > VALUE_WORDS) continue
      const name = (labelled?.[1] ?? line).trim()
      return `${name}: ${value} [${source.number}]`
    }
  }
  return null
}

/** The line or two after a label standing alone: its gloss, up to a blank line, a label or the next term. */
function glossAfter(lines: readonly string[], at: number): string | null {
  const gloss: string[] = []
  for (let i = at + 1; i < lines.length && gloss.length < GLOSS_LINES; i++) {
    const line = lines[i]!
    if (line === '' || LABEL.test(line) || /[:：]$/u.test(line)) break
    if (gloss.length > 0 && tokenize(line).length <= TERM_WORDS) break
    gloss.push(line)
  }
  if (gloss.length === 0) return null
  return gloss.map((line) => (/[.!?]$/u.test(line) ? line : `${line}.`)).join(' ')
}
