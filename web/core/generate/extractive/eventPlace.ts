import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'
import { passageLines } from './passageLines'
import { textValues } from './textValues'

/**
 * "where was the broadband talk given", "where was this presentation held", "at what conference was the
 * talk given": the gathering a deck was given at, which its title slide prints under its title
 * ("Midwest Governors Forum", "Board retreat, October 2024") and no sentence says. Asked of a talk, not
 * of a gathering: "where was the agm held" asks a place, which the meeting's name is not. English
 * phrasings only.
 */
const WHERE_EVENT = new RegExp(
  String.raw`^(?:where|at\s+what\s+(?:event|conference|meeting|forum|summit))\s+(?:was|is|were|did|will)\s+(?:the\s+|this\s+|that\s+|their\s+|her\s+|his\s+)?` +
    String.raw`(?:[\p{L}\p{N}'’-]+\s+){0,5}(?:talk|presentation|lecture|speech|keynote|slides|slide\s+deck|deck|briefing)(?:\s+(?:given|held|presented|delivered|made|take\s+place|took\s+place|happen|happened|be|hosted))?\s*[?.!]*$`,
  'iu',
)

/** Whether the question asks where a talk was given: its deck's title slide says. */
export function eventPlaceQuestion(ask: string): boolean {
  return WHERE_EVENT.test(ask.trim())
}

/**
 * A gathering's name: the nouns people name gatherings with, a closed class as the months are
 * ("Midwest Governors Forum", "Annual General Meeting", "2019 Leadership Summit").
 */
const GATHERING =
  /\b(?:forum|conference|summit|symposium|convention|congress|meeting|workshop|retreat|seminar|webinar|assembly|colloquium|expo|exposition|hearing|roundtable|town\s+hall|agm)\b/iu
/** A title slide's line naming a gathering is this many words at most. */
const MAX_LINE_WORDS = 12

/**
 * The gathering a deck's title slide names under its title, less the date printed with it, cited; null
 * where the ask is another or no title slide names one.
 */
export function eventPlace(ask: string, sources: readonly AnswerSource[]): string | null {
  if (!eventPlaceQuestion(ask)) return null
  for (const source of sources) {
    if ((source.page ?? 1) > 1 || !DECK_FILE.test(source.filename)) continue
    // The title itself may hold such a word ("Annual General Meeting" as the deck's title): the lines under it.
    for (const line of passageLines(source.text).slice(1)) {
      if (line.split(' ').length > MAX_LINE_WORDS || !GATHERING.test(line)) continue
      const date = textValues(line).values.find(({ kind }) => kind === 'date')
      const place = date
        ? line
            .replace(date.text, '')
            .replace(/[\s,;·|–—-]+$/u, '')
            .trim()
        : line
      if (place !== '') return `${place} [${source.number}]`
    }
  }
  return null
}
