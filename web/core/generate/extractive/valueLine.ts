import { askedValueKinds } from './askedValueKinds'
import { textValues } from './textValues'
import { withoutItemNumbers } from './withoutItemNumbers'

const YEAR = /(?<![\d.,])(?:1[5-9]|20)\d\d(?![\d.,]\d)/u
/** Years count nothing a "how many" asks: "2001: Bharat Stage II in Delhi" is no count of buses. */
const YEARS = new RegExp(YEAR.source, 'gu')
/** A line this short is one fact of a slide or a timeline, not text run together. */
const VALUE_LINE_WORDS = 14

/**
 * For a question that asks for a value ("how many…", "when…", "what share…"), which short lines to
 * take whole for candidates although they read as headings: those printing a value of the kind asked
 * (wink-nlp's reading), as slides and timelines print facts: "126 Professionals", "82% are personal
 * vehicles", "1995: Catalytic converters for cars in 4 metros". Undefined for other questions, and for
 * "who" and "where", whose lines are read by the role they name (`roleHolderLine`).
 */
export function valueLine(ask: string): ((line: string) => boolean) | undefined {
  const kinds = askedValueKinds(ask)
  if (kinds.length === 0 || kinds.includes('name')) return undefined
  // A year opening a timeline's line ("1995: …") reads to the model as a count: a date, by its digits,
  // and no count.
  const dated = kinds.includes('date')
  return (line) =>
    line.split(' ').length <= VALUE_LINE_WORDS &&
    ((dated && YEAR.test(line)) ||
      textValues(withoutItemNumbers(dated ? line : line.replace(YEARS, ' '))).values.some(({ kind }) =>
        kinds.includes(kind),
      ))
}
