import { DOCUMENT_KIND } from '../../retrieve/documentScope'
import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'
import { textValues } from './textValues'
import { passageLines } from './passageLines'
import { splitSentences } from '../../ingest/chunk/splitSentences'

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
/**
 * "when was the survey post published", "what date was the notice issued": when a document came out, which
 * its byline or dateline prints ("By Dana Whitaker · March 3, 2021") and no sentence says. The document is
 * named by its kind: "when was pypdf 3.0.0 released" asks a release's date, which its changelog says.
 */
const WHEN_PUBLISHED = new RegExp(
  String.raw`^(?:when|what\s+(?:date|day|year|month))\s+(?:was|is|were|did)\s+(?:the\s+|this\s+|that\s+)?(?:[\p{L}\p{N}'’-]+\s+){0,4}?` +
    String.raw`(?:${DOCUMENT_KIND}s?|blog\s+post|letter|announcement|press\s+release|bulletin|op-ed|column)\s+` +
    String.raw`(?:published|posted|written|released|dated|issued|put\s+out|come\s+out|came\s+out|publish|post|write|release|issue)\s*[?.!]*$`,
  'iu',
)

/** Whether the question asks when the talk or meeting was, or when the document came out: its opening says. */
export function documentDateQuestion(ask: string): boolean {
  return (WHEN_EVENT.test(ask.trim()) && !OTHER_EVENT.test(ask)) || WHEN_PUBLISHED.test(ask.trim())
}

/** "When is the next meeting": another meeting than the one the deck is of, which its slides may name. */
const OTHER_EVENT = /\b(?:next|following|upcoming|previous|prior|last|first|second|third)\b/iu

/** The words of such a question that ask when, rather than name the document. */
export const DATE_CUES: ReadonlySet<string> = new Set(
  (
    'when date day year month held given presented delivered made take took place happen happened ' +
    'published posted written released dated issued put come came publish post write release issue'
  ).split(' '),
)

/** A line of this many words at most is a date line ("Midwest Governors Forum, March 12, 2014"). */
const MAX_DATE_LINE_WORDS = 10
/** A dateline or byline is among a document's opening passage's first lines. */
const OPENING_LINES = 8
const YEAR = /\b(?:1[5-9]|20)\d\d\b/u
/** "Published: 6 March 2023", "Posted on March 3, 2021": the label of the date a document came out. */
const PUBLISHED_LABEL = /\b(?:published|posted|issued|released)(?:\s+(?:on|online))?\s*:?\s+/iu

/**
 * The date of a talk from its deck's title slide ("March 12, 2014 [1]", the line printing it), or of a
 * document's publication from its opening lines ("March 3, 2021 [1]", the date alone), for a question
 * asking when (`documentDateQuestion`); null where it asks something else or no such line prints a date
 * with its year.
 */
export function documentDate(ask: string, sources: readonly AnswerSource[]): string | null {
  const asked = ask.trim()
  if (!documentDateQuestion(asked)) return null
  const event = WHEN_EVENT.test(asked)
  for (const source of sources) {
    if ((source.page ?? 1) > 1 || (event && !DECK_FILE.test(source.filename))) continue
    const lines = passageLines(source.text).slice(0, event ? undefined : OPENING_LINES)
    for (const line of lines) {
      // A paper's dates in a line of fields ("Received: 2 February 2023 … Published: 6 March 2023"):
      // asked when it came out, the date its label says so, not the first.
      const labelled = event ? null : PUBLISHED_LABEL.exec(line)
      if (labelled) {
        const after = line
          .slice(labelled.index + labelled[0].length)
          .split(' ')
          .slice(0, 4)
          .join(' ')
        const date = textValues(after).values.find(({ kind, text }) => kind === 'date' && YEAR.test(text))
        if (date) return `${date.text} [${source.number}]`
      }
      // A byline runs on past its date ("By Dana Whitaker · March 3, 2021 · 6 min read"): its parts.
      // A paper's venue line runs on into its copyright ("PLDI’09, June 15–20, 2009, Dublin, Ireland.
      // Copyright © 2009 ACM …"): its sentences.
      const parts = event
        ? [line]
        : splitSentences(line).flatMap((span) =>
            line
              .slice(span.start, span.end)
              .trim()
              .split(/\s+[·|•—–]\s+/u),
          )
      for (const part of parts) {
        if (part.split(' ').length > MAX_DATE_LINE_WORDS) continue
        const values = textValues(part).values
        const date = values.find(({ kind, text }) => kind === 'date' && YEAR.test(text))
        if (date) return `${event ? part : withDays(part, values, date)} [${source.number}]`
      }
    }
  }
  return null
}

/** A date's value as textValues reads it: its kind, its text, its first and last word. */
type DateValue = ReturnType<typeof textValues>['values'][number]

/**
 * The date as the part prints it where its days come before its year in a value of their own ("June 15–20,
 * 2009", read as "June 15" and "2009"): from the days to the year. Else the date's own text.
 */
function withDays(part: string, values: readonly DateValue[], date: DateValue): string {
  const days = values.find(
    ({ kind, text, to }) => kind === 'date' && !YEAR.test(text) && to < date.from && date.from - to <= 4,
  )
  if (!days) return date.text
  const start = part.indexOf(days.text)
  const end = part.indexOf(date.text, start)
  return start >= 0 && end > start ? part.slice(start, end + date.text.length) : date.text
}
