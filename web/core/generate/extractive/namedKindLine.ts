/** Kinds of organisation a question asks for by their noun ("what university", "which company"). */
const ORGANISATION =
  'university|college|school|company|firm|hospital|agency|organi[sz]ation|institute|institution|bank|team|club|party|department|ministry|court|foundation|lab|laboratory|publisher|journal|union'
const KIND_ASK = new RegExp(`^(?:what|which)\\s+(${ORGANISATION})\\b`, 'iu')
/** A line this short is a byline's or a slide's, not text run together. */
const NAMED_LINE_WORDS = 24

/**
 * For a question that asks which organisation ("what university are they from", "which company makes
 * it"), which short lines to take whole for candidates although they read as headings: those printing a
 * name of that kind, its noun capitalised within it ("University of Manchester", "Acme Company"), as a
 * title slide's byline does. Undefined for other questions.
 */
export function namedKindLine(ask: string): ((line: string) => boolean) | undefined {
  const kind = KIND_ASK.exec(ask.trim())?.[1]
  if (!kind) return undefined
  const noun = `${kind[0]!.toUpperCase()}${kind.slice(1).toLowerCase()}`
  const named = new RegExp(`\\b${noun}\\s+(?:of\\s+)?\\p{Lu}|\\p{Lu}[\\p{L}&.-]*\\s+${noun}\\b`, 'u')
  return (line) => line.split(' ').length <= NAMED_LINE_WORDS && named.test(line)
}
