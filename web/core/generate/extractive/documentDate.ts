import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'
import { textValues } from './textValues'

/**
 * "when was the broadband talk", "what date was the agm held", "when was this presentation given": when
 * the talk or meeting a deck is of took place, which its title slide prints under its title ("March 12,
 * 2014") and no sentence says. English phrasings only.
 */
const WHEN_EVENT = new RegExp(
  String.raw`^(?:when|what\s+(?:date|day|year|month))\s+(?:was|is|were|did|will)\s+(?:the\s+|this\s+|that\s+|their\s+|her\s+|his\s+)?` +
    String.raw`(?:[\p{L}\p{N}'’-]+\s+){0,5}(?:talk|presentation|lecture|speech|keynote|slides|slide\s+deck|deck|meeting|agm|webinar|seminar|session|workshop|briefing|conference|summit|forum)` +
    String.raw`(?:\s+(?:given|held|presented|delivered|made|take\s+place|took\s+place|happen|happened|be|on))?\s*[?.!]*$`,
  'iu',
)

/** Whether the question asks when the talk or meeting was (`WHEN_EVENT`): its title slide says. */
export function documentDateQuestion(ask: string): boolean {
  return WHEN_EVENT.test(ask.trim())
}

/** The words of such a question that ask when, rather than name the talk. */
export const DATE_CUES: ReadonlySet<string> = new Set(
  'when date day year month held given presented delivered made take took place happen happened'.split(' '),
)

/** A title slide's line of this many words at most is a date line ("Midwest Governors Forum, March 12, 2014"). */
const MAX_DATE_LINE_WORDS = 10

/**
 * The date line of a deck's title slide among `sources` for a question asking when its talk or meeting
 * was ("March 12, 2014 [1]"), the first such slide's; null where the question asks something else or no
 * title slide prints a date with its year.
 */
export function documentDate(ask: string, sources: readonly AnswerSource[]): string | null {
  if (!documentDateQuestion(ask)) return null
  for (const source of sources) {
    if (!DECK_FILE.test(source.filename) || (source.page ?? 1) > 1) continue
    for (const raw of source.text.split(/\r\n?|\n/u)) {
      const line = raw.replace(/\s+/gu, ' ').trim()
      if (line === '' || line.split(' ').length > MAX_DATE_LINE_WORDS) continue
      const dated = textValues(line).values.some(
        ({ kind, text }) => kind === 'date' && /\b(?:1[5-9]|20)\d\d\b/u.test(text),
      )
      if (dated) return `${line} [${source.number}]`
    }
  }
  return null
}
