import { liftedFirst } from './liftedFirst'

/** "what is an alert", "what's a root cause", "define alert", "meaning of alert", "alert meaning": the term asked. */
const TERM_ASK =
  /^\s*(?:(?:what|wat)\s*(?:is|are|['’]s)\s+(?:an?\s+|the\s+)?|define\s+(?:an?\s+|the\s+)?|(?:the\s+)?meaning\s+of\s+(?:an?\s+|the\s+)?)([\p{L}\p{N}][\p{L}\p{N}\s'’-]{0,40}?)\s*[?.!]*\s*$|^\s*([\p{L}\p{N}][\p{L}\p{N}\s'’-]{0,40}?)\s+(?:meaning|definition)\s*[?.!]*\s*$/iu
/** A glossary's definition: a sentence from a capital to its full stop, on the line after its term. */
const DEFINITION_LINE = /^\p{Lu}.*[.!]$/u

/**
 * Asked what a term is, the passage that is its glossary's entry (the term on a line of its own, then the
 * sentence saying what it is: "Alert" over "A notification intended to be read by a human…") scored
 * first: a chapter that uses the term on every page defines it once, and its other passages share as
 * many of the question's words. Anything else keeps its order and score.
 */
export function glossaryEntryFirst<T extends { score: number }>(
  found: readonly T[],
  question: string,
  textOf: (item: T) => string,
): T[] {
  const asked = TERM_ASK.exec(question)
  const term = (asked?.[1] ?? asked?.[2])?.trim().toLowerCase()
  if (!term) return [...found]
  const entry = found.find((item) => {
    const lines = textOf(item)
      .split(/\r\n?|\n/u)
      .map((line) => line.trim())
      .filter((line) => line !== '')
    return lines.some((line, i) => line.toLowerCase() === term && DEFINITION_LINE.test(lines[i + 1] ?? ''))
  })
  return entry ? liftedFirst(found, [entry]) : [...found]
}
