import { liftedFirst } from './liftedFirst'
import { printsOption, typedOptions } from './typedOptions'

/**
 * Asked of a command-line option ("whats the -s option do"), the found passages that print it scored
 * first, in their order: search terms drop "-s" (one letter, its dash), so "The -s option says to create
 * a standalone file" ranked eleventh of a pandoc guide's passages, under every one naming "option" and
 * "pandoc". Anything else keeps its order and score; so does everything where none or all print it.
 */
export function printedOptionsFirst<T extends { score: number }>(
  found: readonly T[],
  question: string,
  textOf: (item: T) => string,
): T[] {
  const options = typedOptions(question)
  if (options.length === 0) return [...found]
  const printing = found.filter((item) => options.some((option) => printsOption(textOf(item), option)))
  if (printing.length === 0 || printing.length === found.length) return [...found]
  return liftedFirst(found, printing)
}
