import type { Block } from '../DocumentModel'
import { sameSection } from './sameSection'
import { splitSentences } from './splitSentences'

/** How a sentence ends: punctuation, a closing quote or bracket after it, or a table's cell. */
const ENDED = /[.!?:;"”’)\]|]$/u
/** A word broken at the line's end ("infor-" / "mation"; "Soekarno-" / "Hatta"). */
const BROKEN_WORD = /\p{L}-$/u
/** Text that goes on from the line before: it opens in lower case. */
const GOES_ON = /^\p{Ll}/u
/** The part of the next page carried back: the sentence's tail, not a page of text. */
const MAX_TAIL_CHARACTERS = 600

/**
 * Puts back together a sentence that a page break cut in two: where a page's last paragraph stops
 * mid-sentence (no closing punctuation) and the next page's first paragraph, in the same section, goes
 * on with it (it opens in lower case, or the page ended on a broken word), the sentence's tail moves to
 * the end of the paragraph it started in, on its page; the rest of the next page's paragraph stays
 * there. A sentence is then found, quoted and cited whole: "Lion Air Flight 610 ... after takeoff from
 * Soekarno-" / "Hatta International Airport ... 189 fatalities" was half a sentence in each of two
 * passages. In a set of annual reports one page break in seven falls mid-sentence.
 */
export function joinBrokenSentences(blocks: readonly Block[]): Block[] {
  const joined = [...blocks]
  for (let i = 0; i + 1 < joined.length; i++) {
    const head = joined[i]!
    const tail = joined[i + 1]!
    if (!continues(head, tail)) continue
    const text = tail.text.trimStart()
    const first = splitSentences(text)[0]
    const cut = first && first.end < text.length ? first.end : text.length
    if (cut > MAX_TAIL_CHARACTERS) continue
    const end = head.text.trimEnd()
    // "infor-" / "mation" is one word; "Soekarno-" / "Hatta" keeps its hyphen.
    const glue = BROKEN_WORD.test(end) ? (GOES_ON.test(text) ? end.slice(0, -1) : end) : `${end} `
    joined[i] = { ...head, text: `${glue}${text.slice(0, cut).trimEnd()}` }
    const rest = text.slice(cut).trim()
    if (rest === '') joined.splice(i + 1, 1)
    else joined[i + 1] = { ...tail, text: rest }
  }
  return joined
}

function continues(head: Block, tail: Block): boolean {
  if (head.kind !== 'paragraph' || tail.kind !== 'paragraph') return false
  if (head.page === undefined || tail.page !== head.page + 1) return false
  if (!sameSection(head, tail)) return false
  const end = head.text.trimEnd()
  if (end === '' || ENDED.test(end)) return false
  return BROKEN_WORD.test(end) || GOES_ON.test(tail.text.trimStart())
}
