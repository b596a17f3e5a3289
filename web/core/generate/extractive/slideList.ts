import type { AnswerSource } from '../AnswerGenerator'
import { DECK_FILE } from './deckFile'

/** The list on a slide next to another: its items, and the source they are quoted from. */
interface SlideItems {
  items: string[]
  source: number
}

/**
 * The items a deck's list goes on with on the slides right before and after slide passage `number`
 * that carry its title ("Ten Guiding Principles", five on each of two slides), where those slides are
 * among `sources`: a list too long for one slide is split over slides that repeat its title. A
 * slide's passage opens with its title over a blank line; the lines under it are its items.
 */
function slideContinued(
  sources: readonly AnswerSource[],
  number: number,
): { earlier: SlideItems[]; later: SlideItems[] } {
  const slide = sources.find((source) => source.number === number)
  const none = { earlier: [], later: [] }
  if (slide === undefined || slide.page === null || !DECK_FILE.test(slide.filename)) return none
  const title = slideTitle(slide)
  if (title === null) return none
  const neighbour = (page: number): SlideItems | null => {
    const next = sources.find(
      (source) =>
        source.document_id === slide.document_id && source.page === page && slideTitle(source) === title,
    )
    return next === undefined ? null : { items: slideLines(next), source: next.number }
  }
  const walk = (step: number): SlideItems[] => {
    const found: SlideItems[] = []
    for (let page = slide.page! + step; ; page += step) {
      const items = neighbour(page)
      if (items === null || items.items.length === 0) return found
      found.push(items)
    }
  }
  return { earlier: walk(-1).reverse(), later: walk(1) }
}

/**
 * `items`, the list on slide passage `number`, with the items it goes on with on the slides around it
 * that repeat its title (`slideContinued`; none where `continued` is false): in slide order, each item
 * once (a slide built up over several repeats the items before) with the passage it is quoted from, and
 * every slide passage taken, in order.
 */
export function slideList(
  sources: readonly AnswerSource[],
  number: number,
  items: readonly string[],
  continued = true,
): { items: Array<{ item: string; source: number }>; slides: number[] } {
  const around = continued ? slideContinued(sources, number) : { earlier: [], later: [] }
  const pieces = [...around.earlier, { items: [...items], source: number }, ...around.later]
  const seen = new Set<string>()
  return {
    items: pieces.flatMap((piece) =>
      piece.items
        .filter((item) => !seen.has(item) && seen.add(item))
        .map((item) => ({ item, source: piece.source })),
    ),
    slides: pieces.map((piece) => piece.source),
  }
}

/** A slide passage's title: its first line, where a blank line parts it from the rest. */
function slideTitle(source: AnswerSource): string | null {
  const [first, ...rest] = source.text.split('\n\n')
  return rest.length > 0 &&
    first !== undefined &&
    !first.includes('\n') &&
    first.trim() === source.heading?.split(' > ').at(-1)?.trim()
    ? first.trim()
    : null
}

function slideLines(source: AnswerSource): string[] {
  return source.text
    .split('\n\n')
    .slice(1)
    .join('\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}
