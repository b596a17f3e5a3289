import pluralize from 'pluralize'
import { tokenize } from './index/tokenize'

/**
 * Words a title does not print where a question names its part ("the risk factors section", "the
 * notes to the statements"), and the joining words of a name ("statement of cash flows").
 */
const UNPRINTED = new Set([
  'the',
  'of',
  'and',
  'or',
  'section',
  'sections',
  'chapter',
  'chapters',
  'part',
  'parts',
])
/** A first line longer than this is prose, not a title. */
const TITLE_WORDS = 16

/**
 * How much a passage under a part the question names ("using the cash flow statement") counts above
 * one that is not: its score stays, the others' are divided by `1 + SECTION_LIFT`. Chosen on the
 * tuning halves of financebench-dev and the natural questions (bench/README.md `## quality`): 0.25 and
 * 0.5 gave the same pages on tune, 1 lost one of the 13 tune questions that name a statement.
 */
export const SECTION_LIFT = 0.25

/**
 * The words each part a question names is printed with, singular and in no order: "statement of cash
 * flows" and "cash flow statement" are both [statement, cash, flow], as a filing's "CONSOLIDATED
 * STATEMENTS OF CASH FLOWS" is. A part with no such word left is dropped.
 */
export function sectionWords(sections: readonly string[]): string[][] {
  return sections
    .map((section) => [
      ...new Set(
        tokenize(section)
          .filter((word) => !UNPRINTED.has(word))
          .map(singular),
      ),
    ])
    .filter((words) => words.length > 0)
}

/** What `underNamedSection` reads of a passage. */
export interface TitledPassage {
  heading?: string | null
  text?: string
}

/**
 * Whether the passage is under one of the named parts: its heading, or its title, holds every word of
 * one. Its title is a table passage's caption (the text before its first cell, which the chunker
 * repeats on every passage of a table), or its first line where that line reads as one: short, and
 * not a sentence (no full stop at its end).
 */
export function underNamedSection(passage: TitledPassage, named: readonly string[][]): boolean {
  if (named.length === 0) return false
  const titles = [passage.heading ?? '', passageTitle(passage.text ?? '')]
  return titles.some((title) => {
    if (title === '') return false
    const words = new Set(tokenize(title).map(singular))
    return named.some((section) => section.every((word) => words.has(word)))
  })
}

/**
 * The candidates (best first, scores in [0, 1]) with the passages under a named part ahead of their
 * look-alikes: where one candidate of a page is under the part (a statement's title is on its first
 * passage, the row asked for further down), every candidate of that page is; the rest are divided by
 * `1 + SECTION_LIFT`, and all sorted again (ties keep their order). Unchanged where the question names
 * no part or no candidate is under one: the part's name was only words, and search has weighed them.
 */
export function liftBySection<T extends { score: number }>(
  candidates: readonly T[],
  named: readonly string[][],
  passageOf: (item: T) => TitledPassage,
  placeOf: (item: T) => string | null,
): T[] {
  if (named.length === 0) return [...candidates]
  const under = new Set<T>()
  const places = new Set<string>()
  for (const item of candidates) {
    if (!underNamedSection(passageOf(item), named)) continue
    under.add(item)
    const place = placeOf(item)
    if (place !== null) places.add(place)
  }
  if (under.size === 0) return [...candidates]
  return candidates
    .map((item, order) => {
      const place = placeOf(item)
      const lifted = under.has(item) || (place !== null && places.has(place))
      return { item: lifted ? item : { ...item, score: item.score / (1 + SECTION_LIFT) }, order }
    })
    .sort((a, b) => b.item.score - a.item.score || a.order - b.order)
    .map(({ item }) => item)
}

function passageTitle(text: string): string {
  const cell = text.indexOf(' | ')
  const line = text.indexOf('\n')
  const end = [cell, line].filter((at) => at >= 0).reduce((a, b) => Math.min(a, b), text.length)
  const first = text.slice(0, end)
  // A table's caption is its title at any length; prose's first line only when it reads as a title.
  if (cell >= 0 && cell === end) return first
  const title = first.trim()
  return title.split(/\s+/u).length <= TITLE_WORDS && !/[.!?]$/u.test(title) ? title : ''
}

function singular(word: string): string {
  return /^[a-z]+$/u.test(word) ? pluralize.singular(word) : word
}
